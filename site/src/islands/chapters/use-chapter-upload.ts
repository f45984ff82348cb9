import { useCallback, useEffect, useRef, useState } from 'react';
import { INGEST_MESSAGES, type ChapterUpload, type UploadMethod } from '@warraq/contracts';
import {
  abandonChapterUpload,
  commitChapterUpload,
  declareChapterUpload,
  fetchChapterUpload,
  retryChapterUpload,
  uploadChapterFile,
} from '@/lib/api/chapter-ingest';
import { ApiError, ApiTimeoutError } from '@/lib/api/api-error';
import { UploadAbortedError } from '@/lib/api/xhr-upload';
import { applyPick, declaredType, isImageFile, pageCountOf } from '@/lib/chapters/chapter-files';
import { toDeclareBody, type ChapterFormValues } from '@/lib/chapters/chapter-form';
import { runParallel } from '@/lib/chapters/run-parallel';
import { supersedes } from '@/lib/chapters/upload-progress';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

/** Spec §3 "Uploaded file entry", plus `ready`: picked, not sent yet (bytes go once the chapter is declared). */
export type FileStatus = 'ready' | 'uploading' | 'success' | 'error';

export interface FileEntry {
  key: string;
  file: File;
  status: FileStatus;
  /** Bytes sent so far, 0..1. */
  progress: number;
  error: string | null;
  /** The server refused these bytes (type, size, content): sending them again cannot help. */
  rejected: boolean;
  /** An object URL for the preview grid (images only), revoked when the file leaves the list. */
  previewUrl: string | null;
}

export type Phase =
  | { kind: 'editing' }
  | { kind: 'declaring' }
  | { kind: 'uploading'; upload: ChapterUpload }
  | { kind: 'committing'; upload: ChapterUpload }
  | { kind: 'commitFailed'; upload: ChapterUpload; message: string }
  | { kind: 'processing'; upload: ChapterUpload }
  | { kind: 'failed'; upload: ChapterUpload }
  | { kind: 'done'; upload: ChapterUpload };

export interface UseChapterUploadOptions {
  site: HrefContext;
  /** Field errors of a refused declare (400/404/409), keyed by the server's field names. */
  onFieldErrors: (errors: Record<string, string>) => void;
}

/** Files sent at once: enough to fill the pipe, few enough that each bar moves. */
const PARALLEL_UPLOADS = 3;
/** Spec-less fallback for a closed socket: the status is polled this often. */
const POLL_WITHOUT_SOCKET_MS = 2_000;
/** With the socket open, a slow poll still catches an event lost in a reconnect. */
const POLL_WITH_SOCKET_MS = 10_000;
const SUCCESS_REDIRECT_DELAY_MS = 1_000;
const ERROR_TOAST_MS = 8_000;

function errorMessage(error: unknown): string {
  if (error instanceof ApiTimeoutError) return t.errors.timeout;
  if (error instanceof ApiError && error.message) return error.message;
  return t.errors.generic;
}

/** A refusal of the bytes themselves (wrong type, too large, bad size): retrying cannot help. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && [400, 413, 415, 422].includes(error.status);
}

function fileErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessage = Object.values(error.fieldErrors)[0];
    return fieldMessage ?? errorMessage(error);
  }
  return errorMessage(error);
}

function trackedUpload(phase: Phase): ChapterUpload | null {
  return phase.kind === 'editing' || phase.kind === 'declaring' ? null : phase.upload;
}

/**
 * The add-chapter flow made real: declare the chapter, send each file's bytes (three at a time, each
 * with its own progress), commit, then follow processing over `/ws` (polling when the socket is not
 * open) until the chapter is ready or the failure is known. Form values are never touched here.
 */
export function useChapterUpload({ site, onFieldErrors }: UseChapterUploadOptions) {
  const [method, setMethodState] = useState<UploadMethod>('images');
  const [files, setFilesState] = useState<FileEntry[]>([]);
  const [phase, setPhaseState] = useState<Phase>({ kind: 'editing' });
  const [filesError, setFilesError] = useState<string | null>(null);
  const filesRef = useRef<FileEntry[]>([]);
  const phaseRef = useRef<Phase>({ kind: 'editing' });
  const declaredKeys = useRef<string[]>([]);
  const abortRef = useRef<AbortController | null>(null);
  const nextKey = useRef(1);

  const setFiles = useCallback((update: (current: FileEntry[]) => FileEntry[]) => {
    filesRef.current = update(filesRef.current);
    setFilesState(filesRef.current);
  }, []);
  const setPhase = useCallback((next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);
  const patchFile = useCallback(
    (key: string, patch: Partial<FileEntry>) =>
      setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry))),
    [setFiles],
  );

  // Object URLs live as long as the page otherwise: free the previews when the form goes away.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      for (const entry of filesRef.current) if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    },
    [],
  );

  // The socket opens with the form, so it is connected by the time processing reports progress.
  useEffect(() => sharedRealtime().start(), []);

  function replaceFiles(next: File[]) {
    const byFile = new Map(filesRef.current.map((entry) => [entry.file, entry]));
    const kept = new Set(next);
    for (const entry of filesRef.current) {
      if (!kept.has(entry.file) && entry.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    }
    setFiles(() =>
      next.map(
        (file) =>
          byFile.get(file) ?? {
            key: `f${nextKey.current++}`,
            file,
            status: 'ready',
            progress: 0,
            error: null,
            rejected: false,
            previewUrl: isImageFile(file) ? URL.createObjectURL(file) : null,
          },
      ),
    );
  }

  /** Back to editing: the declared upload is dropped, files kept and marked ready again. */
  function resetToEditing() {
    abortRef.current?.abort();
    abortRef.current = null;
    const upload = trackedUpload(phaseRef.current);
    if (upload && phaseRef.current.kind !== 'done')
      void abandonChapterUpload(upload.id).catch(() => undefined);
    declaredKeys.current = [];
    setFiles((current) =>
      current.map((entry) =>
        entry.rejected ? { ...entry, progress: 0 } : { ...entry, status: 'ready', progress: 0, error: null },
      ),
    );
    setPhase({ kind: 'editing' });
  }

  const editable = phase.kind === 'editing';
  const declared = phase.kind === 'uploading' || phase.kind === 'commitFailed' || phase.kind === 'failed';

  function addFiles(picked: File[]) {
    if (phaseRef.current.kind !== 'editing' || picked.length === 0) return;
    const result = applyPick(
      method,
      filesRef.current.map((entry) => entry.file),
      picked,
    );
    replaceFiles(result.files);
    setFilesError(null);
    if (result.problem) {
      showToast({
        title: result.problem.title,
        description: result.problem.description,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    }
  }

  function removeFile(key: string) {
    const kind = phaseRef.current.kind;
    if (kind !== 'editing' && !declared) return;
    // The declared upload names its files; with one gone it is declared again on the next submit.
    if (kind !== 'editing') resetToEditing();
    replaceFiles(filesRef.current.filter((entry) => entry.key !== key).map((entry) => entry.file));
  }

  function clearFiles() {
    if (phaseRef.current.kind !== 'editing') return;
    replaceFiles([]);
  }

  function setMethod(next: UploadMethod) {
    if (phaseRef.current.kind !== 'editing' || next === method) return;
    // Spec §2: toggling the method clears the file list.
    replaceFiles([]);
    setFilesError(null);
    setMethodState(next);
  }

  function finish(upload: ChapterUpload) {
    setPhase({ kind: 'done', upload });
    showToast({ title: INGEST_MESSAGES.success, description: t.chapterForm.successBody });
    const target = upload.chapterPath ?? seriesPath(upload.mangaSlug);
    // Let the success toast be read before the chapter replaces this page.
    setTimeout(() => window.location.assign(href(target, site)), SUCCESS_REDIRECT_DELAY_MS);
  }

  /** A status from the socket, a poll or an answer: shown if it is newer than what is shown. */
  function apply(next: ChapterUpload) {
    const current = phaseRef.current;
    const shown = trackedUpload(current);
    if (!shown || current.kind === 'done' || current.kind === 'uploading') return;
    if (next.id !== shown.id || (next !== shown && !supersedes(next, shown))) return;
    if (next.state === 'done') {
      finish(next);
    } else if (next.state === 'failed') {
      if (current.kind === 'failed' && current.upload.updatedAt === next.updatedAt) return;
      setPhase({ kind: 'failed', upload: next });
      const failure = next.failure;
      if (failure?.file) {
        setFiles((entries) =>
          entries.map((entry) =>
            entry.file.name === failure.file
              ? { ...entry, status: 'error', error: failure.message, rejected: true }
              : entry,
          ),
        );
      }
      showToast({
        title: t.chapterForm.processingFailed,
        description: failure?.message ?? INGEST_MESSAGES.failed,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    } else if (next.state === 'queued' || next.state === 'processing') {
      setPhase({ kind: 'processing', upload: next });
    }
  }
  // The socket and poll callbacks outlive a render: they call the latest apply through this ref.
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // Processing progress: pushed over /ws; polled every 2 s while the socket is not open.
  const followId = phase.kind === 'committing' || phase.kind === 'processing' ? phase.upload.id : null;
  useEffect(() => {
    if (!followId) return;
    const realtime = sharedRealtime();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await fetchChapterUpload(followId);
        if (!stopped) applyRef.current(answer.upload);
      } catch {
        // A failed poll is tried again on the next tick; the socket may still deliver.
      }
    };
    const schedule = () => {
      timer = setTimeout(
        () => {
          void poll().finally(() => {
            if (!stopped) schedule();
          });
        },
        realtime.isOpen ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS,
      );
    };
    schedule();
    const offEvent = realtime.on('ingest.progress', (upload) => {
      if (upload.id === followId) applyRef.current(upload);
    });
    // Back after a drop: events sent meanwhile are gone, so ask once.
    const offStatus = realtime.$state.listen((state, previous) => {
      if (state.status === 'connected' && previous?.status !== 'connected') void poll();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      offEvent();
      offStatus();
    };
  }, [followId]);

  // Leaving while bytes are on their way would lose them: the browser asks first.
  const sending =
    phase.kind === 'declaring' || phase.kind === 'committing' || files.some((f) => f.status === 'uploading');
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  async function commit(upload: ChapterUpload) {
    setPhase({ kind: 'committing', upload });
    try {
      const answer = await commitChapterUpload(upload.id);
      const current = phaseRef.current;
      if (current.kind !== 'committing') {
        // An event may already have moved things on; keep whichever is newer.
        apply(answer.upload);
        return;
      }
      if (answer.upload.state === 'done') finish(answer.upload);
      else if (answer.upload.state === 'failed') apply(answer.upload);
      else setPhase({ kind: 'processing', upload: answer.upload });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 503
          ? error.message || INGEST_MESSAGES.queueUnavailable
          : errorMessage(error);
      setPhase({ kind: 'commitFailed', upload, message });
      showToast({
        title: t.chapterForm.commitFailed,
        description: message,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
        action: { label: t.chapterForm.retry, onClick: () => void retryCommit() },
      });
    }
  }

  async function sendOne(entry: FileEntry, upload: ChapterUpload, signal: AbortSignal) {
    const index = declaredKeys.current.indexOf(entry.key);
    if (index < 0) return;
    patchFile(entry.key, { status: 'uploading', progress: 0, error: null });
    try {
      await uploadChapterFile({
        uploadId: upload.id,
        index,
        file: entry.file,
        contentType: declaredType(method, entry.file),
        onProgress: (fraction) => patchFile(entry.key, { progress: fraction }),
        signal,
      });
      patchFile(entry.key, { status: 'success', progress: 1 });
    } catch (error) {
      if (error instanceof UploadAbortedError) return;
      patchFile(entry.key, {
        status: 'error',
        error: fileErrorMessage(error),
        rejected: isRejection(error),
      });
    }
  }

  /** Sends every file not yet received, then commits once all are in. */
  async function sendFiles(upload: ChapterUpload, only?: string) {
    const controller = abortRef.current ?? new AbortController();
    abortRef.current = controller;
    const unsent = filesRef.current.filter(
      (entry) => entry.status !== 'success' && entry.status !== 'uploading' && (!only || entry.key === only),
    );
    await runParallel(unsent, PARALLEL_UPLOADS, (entry) => sendOne(entry, upload, controller.signal));
    if (controller.signal.aborted || phaseRef.current.kind !== 'uploading') return;
    const entries = filesRef.current;
    if (entries.some((entry) => entry.status === 'uploading')) return;
    if (entries.every((entry) => entry.status === 'success')) {
      await commit(upload);
      return;
    }
    showToast({
      title: INGEST_MESSAGES.incomplete,
      description: t.chapterForm.incompleteBody,
      variant: 'destructive',
      durationMs: ERROR_TOAST_MS,
    });
  }

  async function submit(values: ChapterFormValues) {
    const kind = phaseRef.current.kind;
    const entries = filesRef.current;
    if (kind !== 'editing') {
      if (kind === 'uploading') {
        showToast({
          title: INGEST_MESSAGES.incomplete,
          description: t.chapterForm.incompleteBody,
          variant: 'destructive',
        });
      }
      return;
    }
    if (entries.length === 0) {
      setFilesError(INGEST_MESSAGES.noFiles);
      showToast({
        title: INGEST_MESSAGES.noFiles,
        description: t.chapterForm.noFilesBody,
        variant: 'destructive',
      });
      return;
    }
    if (entries.some((entry) => entry.status === 'error')) {
      showToast({
        title: INGEST_MESSAGES.incomplete,
        description: t.chapterForm.incompleteBody,
        variant: 'destructive',
      });
      return;
    }
    setFilesError(null);
    setPhase({ kind: 'declaring' });
    const declaredFiles = entries.map((entry) => ({
      name: entry.file.name,
      size: entry.file.size,
      type: declaredType(method, entry.file),
    }));
    let upload: ChapterUpload;
    try {
      const pages = pageCountOf(
        method,
        entries.map((entry) => ({ size: entry.file.size, failed: false })),
        null,
      );
      upload = (await declareChapterUpload(toDeclareBody(values, method, declaredFiles, pages))).upload;
    } catch (error) {
      setPhase({ kind: 'editing' });
      if (error instanceof ApiError) {
        const fields = { ...error.fieldErrors };
        if (error.status === 404 && Object.keys(fields).length === 0) fields.mangaId = error.message;
        onFieldErrors(fields);
        const fileField = Object.entries(fields).find(
          ([field]) => field === 'files' || field.startsWith('files.') || field === 'uploadMethod',
        );
        if (fileField) setFilesError(fileField[1]);
      }
      showToast({
        title: INGEST_MESSAGES.failed,
        description: errorMessage(error),
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
      return;
    }
    declaredKeys.current = entries.map((entry) => entry.key);
    abortRef.current = new AbortController();
    setPhase({ kind: 'uploading', upload });
    await sendFiles(upload);
  }

  async function retryFile(key: string) {
    const current = phaseRef.current;
    if (current.kind !== 'uploading') return;
    await sendFiles(current.upload, key);
  }

  async function retryFailedFiles() {
    const current = phaseRef.current;
    if (current.kind !== 'uploading') return;
    await sendFiles(current.upload);
  }

  async function retryCommit() {
    const current = phaseRef.current;
    if (current.kind !== 'commitFailed') return;
    await commit(current.upload);
  }

  async function retryProcessing() {
    const current = phaseRef.current;
    if (current.kind !== 'failed') return;
    try {
      const answer = await retryChapterUpload(current.upload.id);
      setFiles((entries) =>
        entries.map((entry) =>
          entry.status === 'error' ? { ...entry, status: 'success', error: null, rejected: false } : entry,
        ),
      );
      // An event may have brought the same news first; apply keeps whichever is newer.
      applyRef.current(answer.upload);
    } catch (error) {
      showToast({
        title: t.chapterForm.processingFailed,
        description: errorMessage(error),
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    }
  }

  const processedTotal = phase.kind === 'processing' || phase.kind === 'done' ? phase.upload.total : null;
  const pageCount = pageCountOf(
    method,
    files.map((entry) => ({ size: entry.file.size, failed: entry.status === 'error' })),
    processedTotal,
  );

  /** The form's own fields were refused: still say at once when no file is chosen. */
  function checkFiles() {
    if (filesRef.current.length === 0) setFilesError(INGEST_MESSAGES.noFiles);
  }

  return {
    checkFiles,
    method,
    files,
    phase,
    filesError,
    pageCount,
    pageCountIsReal: processedTotal !== null,
    editable,
    declared,
    setMethod,
    addFiles,
    removeFile,
    clearFiles,
    submit,
    retryFile,
    retryFailedFiles,
    retryCommit,
    retryProcessing,
    startOver: resetToEditing,
  };
}
