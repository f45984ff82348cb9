import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  abandonChapterUpload,
  commitChapterUpload,
  declareChapterUpload,
  fetchChapterUpload,
  retryChapterUpload,
  uploadChapterFile,
} from '@/lib/api/chapter-ingest';
import {
  ChapterUploadMachine,
  isDeclared,
  isEditable,
  isSending,
  pageCount,
  processedTotal,
} from '@/lib/chapters/chapter-upload-machine';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { href, type HrefContext } from '@/lib/site/href';
import { showToast } from '@/stores/toasts';

export interface UseChapterUploadOptions {
  site: HrefContext;
  /** Field errors of a refused declare (400/404/409), keyed by the server's field names. */
  onFieldErrors: (errors: Record<string, string>) => void;
}

/**
 * The add-chapter form's upload: the state machine of `lib/chapters/chapter-upload-machine.ts`
 * wired to the API, the page's socket, toasts and the browser, for as long as the form is mounted.
 */
export function useChapterUpload({ site, onFieldErrors }: UseChapterUploadOptions) {
  const latest = useRef({ site, onFieldErrors });
  latest.current = { site, onFieldErrors };
  // Only called in the browser (a pick, a submit), never while the server renders the form.
  const [machine] = useState(
    () =>
      new ChapterUploadMachine({
        declare: declareChapterUpload,
        sendFile: uploadChapterFile,
        commit: commitChapterUpload,
        fetch: fetchChapterUpload,
        retry: retryChapterUpload,
        abandon: abandonChapterUpload,
        onProgress: (listener) => sharedRealtime().on('ingest.progress', listener),
        onReconnect: (listener) =>
          sharedRealtime().$state.listen((state, previous) => {
            if (state.status === 'connected' && previous?.status !== 'connected') listener();
          }),
        socketOpen: () => sharedRealtime().isOpen,
        toast: showToast,
        fieldErrors: (errors) => latest.current.onFieldErrors(errors),
        open: (path) => window.location.assign(href(path, latest.current.site)),
        createPreview: (file) => URL.createObjectURL(file),
        revokePreview: (url) => URL.revokeObjectURL(url),
      }),
  );
  const state = useStore(machine.$state);

  useEffect(() => () => machine.dispose(), [machine]);
  // The socket opens with the form, so it is connected by the time processing reports progress.
  useEffect(() => sharedRealtime().start(), []);

  // Leaving while bytes are on their way would lose them: the browser asks first.
  const sending = isSending(state);
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  return {
    method: state.method,
    files: state.files,
    phase: state.phase,
    filesError: state.filesError,
    pageCount: pageCount(state),
    pageCountIsReal: processedTotal(state) !== null,
    editable: isEditable(state),
    declared: isDeclared(state),
    checkFiles: machine.checkFiles,
    setMethod: machine.setMethod,
    addFiles: machine.addFiles,
    removeFile: machine.removeFile,
    clearFiles: machine.clearFiles,
    submit: machine.submit,
    retryFile: machine.retryFile,
    retryFailedFiles: machine.retryFailedFiles,
    retryCommit: machine.retryCommit,
    retryProcessing: machine.retryProcessing,
    startOver: machine.startOver,
  };
}
