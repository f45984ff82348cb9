import { atom } from 'nanostores';
import {
  INGEST_MESSAGES,
  type ChapterUpload,
  type CreateChapterUploadBody,
  type UploadMethod,
} from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { UploadAbortedError } from '@/lib/api/xhr-upload';
import { failureText } from '@/lib/errors/failure-text';
import { seriesPath } from '@/lib/site/manga-links';
import type { ShowToastInput } from '@/stores/toasts';
import { t } from '@/i18n';
import { applyPick, declaredType, isImageFile, pageCountOf } from './chapter-files';
import { toDeclareBody, type ChapterFormValues } from './chapter-form';
import { runParallel } from './run-parallel';
import { supersedes } from './upload-progress';

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

export interface ChapterUploadState {
  method: UploadMethod;
  files: readonly FileEntry[];
  phase: Phase;
  /** Why the file area is refused (no files, a file the server named), shown under it. */
  filesError: string | null;
}

type UploadAnswer = Promise<{ upload: ChapterUpload }>;

/** Everything the machine does outside itself: the API, the socket, the page. Fakes in unit tests. */
export interface ChapterUploadPorts {
  declare: (body: CreateChapterUploadBody) => UploadAnswer;
  sendFile: (options: {
    uploadId: string;
    index: number;
    file: File;
    contentType: string;
    onProgress: (fraction: number) => void;
    signal: AbortSignal;
  }) => Promise<unknown>;
  commit: (uploadId: string) => UploadAnswer;
  fetch: (uploadId: string) => UploadAnswer;
  retry: (uploadId: string) => UploadAnswer;
  abandon: (uploadId: string) => Promise<unknown>;
  /** Processing news pushed over `/ws`; returns the unsubscribe. */
  onProgress: (listener: (upload: ChapterUpload) => void) => () => void;
  /** The socket is open again after a drop (news sent meanwhile is lost); returns the unsubscribe. */
  onReconnect: (listener: () => void) => () => void;
  socketOpen: () => boolean;
  toast: (toast: ShowToastInput) => void;
  /** Field errors of a refused declare (400/404/409), keyed by the server's field names. */
  fieldErrors: (errors: Record<string, string>) => void;
  /** Opens a path of this site (the finished chapter). */
  open: (path: string) => void;
  createPreview: (file: File) => string;
  revokePreview: (url: string) => void;
}

/** Files sent at once: enough to fill the pipe, few enough that each bar moves. */
export const PARALLEL_UPLOADS = 3;
/** Spec-less fallback for a closed socket: the status is polled this often. */
export const POLL_WITHOUT_SOCKET_MS = 2_000;
/** With the socket open, a slow poll still catches an event lost in a reconnect. */
export const POLL_WITH_SOCKET_MS = 10_000;
export const SUCCESS_REDIRECT_DELAY_MS = 1_000;
const ERROR_TOAST_MS = 8_000;

const errorMessage = (error: unknown) => failureText(error, t.errors.generic);

/** A refusal of the bytes themselves (wrong type, too large, bad size): retrying cannot help. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && [400, 413, 415, 422].includes(error.status);
}

function fileErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fieldErrors)[0] ?? errorMessage(error);
  return errorMessage(error);
}

function trackedUpload(phase: Phase): ChapterUpload | null {
  return phase.kind === 'editing' || phase.kind === 'declaring' ? null : phase.upload;
}

/** The form may change the chapter and its files. */
export const isEditable = (state: ChapterUploadState) => state.phase.kind === 'editing';
/** Declared and waiting on the uploader (files may be removed, which declares again). */
export const isDeclared = (state: ChapterUploadState) =>
  state.phase.kind === 'uploading' || state.phase.kind === 'commitFailed' || state.phase.kind === 'failed';
/** Bytes or the commit are on their way: leaving now would lose them. */
export const isSending = (state: ChapterUploadState) =>
  state.phase.kind === 'declaring' ||
  state.phase.kind === 'committing' ||
  state.files.some((entry) => entry.status === 'uploading');
/** The processed total once the server knows it (a zip's pages), else null. */
export const processedTotal = (state: ChapterUploadState) =>
  state.phase.kind === 'processing' || state.phase.kind === 'done' ? state.phase.upload.total : null;
/** The page count the form shows: the files (or the zip's estimate) until the server counted. */
export const pageCount = (state: ChapterUploadState) =>
  pageCountOf(
    state.method,
    state.files.map((entry) => ({ size: entry.file.size, failed: entry.status === 'error' })),
    processedTotal(state),
  );

const INITIAL: ChapterUploadState = {
  method: 'images',
  files: [],
  phase: { kind: 'editing' },
  filesError: null,
};

/**
 * The add-chapter flow with no React in it: declare the chapter, send each file's bytes (three at a
 * time, each with its own progress), commit, then follow processing over `/ws` (polling while the
 * socket is not open) until the chapter is ready or the failure is known. Form values are never
 * touched here; the state is one nanostore the form renders.
 */
export class ChapterUploadMachine {
  readonly $state = atom<ChapterUploadState>(INITIAL);
  private declaredKeys: string[] = [];
  private abort: AbortController | null = null;
  private nextKey = 1;
  private following: { id: string; stop: () => void } | null = null;
  private finishTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ports: ChapterUploadPorts) {}

  get state(): ChapterUploadState {
    return this.$state.get();
  }

  private set(patch: Partial<ChapterUploadState>) {
    this.$state.set({ ...this.state, ...patch });
    if (patch.phase) this.follow();
  }

  private setFiles(update: (current: readonly FileEntry[]) => FileEntry[]) {
    this.set({ files: update(this.state.files) });
  }

  private patchFile(key: string, patch: Partial<FileEntry>) {
    this.setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }

  private replaceFiles(next: File[]) {
    const byFile = new Map(this.state.files.map((entry) => [entry.file, entry]));
    const kept = new Set(next);
    for (const entry of this.state.files) {
      if (!kept.has(entry.file) && entry.previewUrl) this.ports.revokePreview(entry.previewUrl);
    }
    this.setFiles(() =>
      next.map(
        (file) =>
          byFile.get(file) ?? {
            key: `f${this.nextKey++}`,
            file,
            status: 'ready',
            progress: 0,
            error: null,
            rejected: false,
            previewUrl: isImageFile(file) ? this.ports.createPreview(file) : null,
          },
      ),
    );
  }

  addFiles = (picked: File[]) => {
    if (this.state.phase.kind !== 'editing' || picked.length === 0) return;
    const result = applyPick(
      this.state.method,
      this.state.files.map((entry) => entry.file),
      picked,
    );
    this.replaceFiles(result.files);
    this.set({ filesError: null });
    if (result.problem) {
      this.ports.toast({
        title: result.problem.title,
        description: result.problem.description,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    }
  };

  removeFile = (key: string) => {
    if (!isEditable(this.state) && !isDeclared(this.state)) return;
    // The declared upload names its files; with one gone it is declared again on the next submit.
    if (!isEditable(this.state)) this.startOver();
    this.replaceFiles(this.state.files.filter((entry) => entry.key !== key).map((entry) => entry.file));
  };

  clearFiles = () => {
    if (isEditable(this.state)) this.replaceFiles([]);
  };

  setMethod = (next: UploadMethod) => {
    if (!isEditable(this.state) || next === this.state.method) return;
    // Spec §2: toggling the method clears the file list.
    this.replaceFiles([]);
    this.set({ filesError: null, method: next });
  };

  /** The form's own fields were refused: still say at once when no file is chosen. */
  checkFiles = () => {
    if (this.state.files.length === 0) this.set({ filesError: INGEST_MESSAGES.noFiles });
  };

  /** Back to editing: the declared upload is dropped, files kept and marked ready again. */
  startOver = () => {
    this.abort?.abort();
    this.abort = null;
    const upload = trackedUpload(this.state.phase);
    if (upload && this.state.phase.kind !== 'done') void this.ports.abandon(upload.id).catch(() => undefined);
    this.declaredKeys = [];
    this.setFiles((current) =>
      current.map((entry) =>
        entry.rejected ? { ...entry, progress: 0 } : { ...entry, status: 'ready', progress: 0, error: null },
      ),
    );
    this.set({ phase: { kind: 'editing' } });
  };

  submit = async (values: ChapterFormValues) => {
    const { phase, files, method } = this.state;
    if (phase.kind !== 'editing') {
      if (phase.kind === 'uploading') this.incompleteToast();
      return;
    }
    if (files.length === 0) {
      this.set({ filesError: INGEST_MESSAGES.noFiles });
      this.ports.toast({
        title: INGEST_MESSAGES.noFiles,
        description: t.chapterForm.noFilesBody,
        variant: 'destructive',
      });
      return;
    }
    if (files.some((entry) => entry.status === 'error')) {
      this.incompleteToast();
      return;
    }
    this.set({ filesError: null, phase: { kind: 'declaring' } });
    const declaredFiles = files.map((entry) => ({
      name: entry.file.name,
      size: entry.file.size,
      type: declaredType(method, entry.file),
    }));
    let upload: ChapterUpload;
    try {
      const pages = pageCountOf(
        method,
        files.map((entry) => ({ size: entry.file.size, failed: false })),
        null,
      );
      upload = (await this.ports.declare(toDeclareBody(values, method, declaredFiles, pages))).upload;
    } catch (error) {
      this.set({ phase: { kind: 'editing' } });
      if (error instanceof ApiError) {
        const fields = { ...error.fieldErrors };
        if (error.status === 404 && Object.keys(fields).length === 0) fields.mangaId = error.message;
        this.ports.fieldErrors(fields);
        const fileField = Object.entries(fields).find(
          ([field]) => field === 'files' || field.startsWith('files.') || field === 'uploadMethod',
        );
        if (fileField) this.set({ filesError: fileField[1] });
      }
      this.ports.toast({
        title: INGEST_MESSAGES.failed,
        description: errorMessage(error),
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
      return;
    }
    this.declaredKeys = files.map((entry) => entry.key);
    this.abort = new AbortController();
    this.set({ phase: { kind: 'uploading', upload } });
    await this.sendFiles(upload);
  };

  retryFile = async (key: string) => {
    const { phase } = this.state;
    if (phase.kind === 'uploading') await this.sendFiles(phase.upload, key);
  };

  retryFailedFiles = async () => {
    const { phase } = this.state;
    if (phase.kind === 'uploading') await this.sendFiles(phase.upload);
  };

  retryCommit = async () => {
    const { phase } = this.state;
    if (phase.kind === 'commitFailed') await this.commit(phase.upload);
  };

  retryProcessing = async () => {
    const { phase } = this.state;
    if (phase.kind !== 'failed') return;
    try {
      const answer = await this.ports.retry(phase.upload.id);
      this.setFiles((entries) =>
        entries.map((entry) =>
          entry.status === 'error' ? { ...entry, status: 'success', error: null, rejected: false } : entry,
        ),
      );
      // An event may have brought the same news first; apply keeps whichever is newer.
      this.apply(answer.upload);
    } catch (error) {
      this.ports.toast({
        title: t.chapterForm.processingFailed,
        description: errorMessage(error),
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    }
  };

  /** A status from the socket, a poll or an answer: shown if it is newer than what is shown. */
  apply = (next: ChapterUpload) => {
    const current = this.state.phase;
    const shown = trackedUpload(current);
    if (!shown || current.kind === 'done' || current.kind === 'uploading') return;
    if (next.id !== shown.id || (next !== shown && !supersedes(next, shown))) return;
    if (next.state === 'done') {
      this.finish(next);
    } else if (next.state === 'failed') {
      if (current.kind === 'failed' && current.upload.updatedAt === next.updatedAt) return;
      this.set({ phase: { kind: 'failed', upload: next } });
      const failure = next.failure;
      if (failure?.file) {
        this.setFiles((entries) =>
          entries.map((entry) =>
            entry.file.name === failure.file
              ? { ...entry, status: 'error', error: failure.message, rejected: true }
              : entry,
          ),
        );
      }
      this.ports.toast({
        title: t.chapterForm.processingFailed,
        description: failure?.message ?? INGEST_MESSAGES.failed,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
      });
    } else if (next.state === 'queued' || next.state === 'processing') {
      this.set({ phase: { kind: 'processing', upload: next } });
    }
  };

  /** The form went away: no bytes, polls or previews outlive it. */
  dispose() {
    this.abort?.abort();
    this.following?.stop();
    this.following = null;
    clearTimeout(this.finishTimer);
    for (const entry of this.state.files) if (entry.previewUrl) this.ports.revokePreview(entry.previewUrl);
  }

  private incompleteToast() {
    this.ports.toast({
      title: INGEST_MESSAGES.incomplete,
      description: t.chapterForm.incompleteBody,
      variant: 'destructive',
    });
  }

  private finish(upload: ChapterUpload) {
    this.set({ phase: { kind: 'done', upload } });
    this.ports.toast({ title: INGEST_MESSAGES.success, description: t.chapterForm.successBody });
    const target = upload.chapterPath ?? seriesPath('manga', upload.mangaSlug);
    // Let the success toast be read before the chapter replaces this page.
    this.finishTimer = setTimeout(() => this.ports.open(target), SUCCESS_REDIRECT_DELAY_MS);
  }

  private async commit(upload: ChapterUpload) {
    this.set({ phase: { kind: 'committing', upload } });
    try {
      const answer = await this.ports.commit(upload.id);
      if (this.state.phase.kind !== 'committing') {
        // An event may already have moved things on; keep whichever is newer.
        this.apply(answer.upload);
        return;
      }
      if (answer.upload.state === 'done') this.finish(answer.upload);
      else if (answer.upload.state === 'failed') this.apply(answer.upload);
      else this.set({ phase: { kind: 'processing', upload: answer.upload } });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 503
          ? error.message || INGEST_MESSAGES.queueUnavailable
          : errorMessage(error);
      this.set({ phase: { kind: 'commitFailed', upload, message } });
      this.ports.toast({
        title: t.chapterForm.commitFailed,
        description: message,
        variant: 'destructive',
        durationMs: ERROR_TOAST_MS,
        action: { label: t.chapterForm.retry, onClick: () => void this.retryCommit() },
      });
    }
  }

  private async sendOne(entry: FileEntry, upload: ChapterUpload, signal: AbortSignal) {
    const index = this.declaredKeys.indexOf(entry.key);
    if (index < 0) return;
    this.patchFile(entry.key, { status: 'uploading', progress: 0, error: null });
    try {
      await this.ports.sendFile({
        uploadId: upload.id,
        index,
        file: entry.file,
        contentType: declaredType(this.state.method, entry.file),
        onProgress: (fraction) => this.patchFile(entry.key, { progress: fraction }),
        signal,
      });
      this.patchFile(entry.key, { status: 'success', progress: 1 });
    } catch (error) {
      if (error instanceof UploadAbortedError) return;
      this.patchFile(entry.key, {
        status: 'error',
        error: fileErrorMessage(error),
        rejected: isRejection(error),
      });
    }
  }

  /** Sends every file not yet received (or just `only`), then commits once all are in. */
  private async sendFiles(upload: ChapterUpload, only?: string) {
    const controller = this.abort ?? new AbortController();
    this.abort = controller;
    const unsent = this.state.files.filter(
      (entry) => entry.status !== 'success' && entry.status !== 'uploading' && (!only || entry.key === only),
    );
    await runParallel(unsent, PARALLEL_UPLOADS, (entry) => this.sendOne(entry, upload, controller.signal));
    if (controller.signal.aborted || this.state.phase.kind !== 'uploading') return;
    const entries = this.state.files;
    if (entries.some((entry) => entry.status === 'uploading')) return;
    if (entries.every((entry) => entry.status === 'success')) {
      await this.commit(upload);
      return;
    }
    this.ports.toast({
      title: INGEST_MESSAGES.incomplete,
      description: t.chapterForm.incompleteBody,
      variant: 'destructive',
      durationMs: ERROR_TOAST_MS,
    });
  }

  /**
   * Processing progress while committing or processing: pushed over `/ws`, polled every 2 s while
   * the socket is not open (every 10 s while it is, to catch an event lost in a reconnect).
   */
  private follow() {
    const { phase } = this.state;
    const id = phase.kind === 'committing' || phase.kind === 'processing' ? phase.upload.id : null;
    if (this.following?.id === id) return;
    this.following?.stop();
    this.following = null;
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await this.ports.fetch(id);
        if (!stopped) this.apply(answer.upload);
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
        this.ports.socketOpen() ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS,
      );
    };
    schedule();
    const offEvent = this.ports.onProgress((upload) => {
      if (upload.id === id) this.apply(upload);
    });
    // Back after a drop: events sent meanwhile are gone, so ask once.
    const offReconnect = this.ports.onReconnect(() => void poll());
    this.following = {
      id,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        offEvent();
        offReconnect();
      },
    };
  }
}
