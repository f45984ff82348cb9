import { INGEST_ROUTES, type CreateChapterUploadBody } from '@warraq/contracts';
import { api } from './client';
import { xhrUpload } from './xhr-upload';

/** Spec §9: the chapter create call gives up after 30 s. */
export const DECLARE_TIMEOUT_MS = 30_000;

/** Declares the chapter and its files; the answer carries the upload's id. */
export function declareChapterUpload(body: CreateChapterUploadBody) {
  return api(INGEST_ROUTES.declare, { body }, { timeoutMs: DECLARE_TIMEOUT_MS });
}

/** Sends one declared file's bytes, reporting the bytes sent. */
export function uploadChapterFile(options: {
  uploadId: string;
  index: number;
  file: Blob;
  contentType: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
}) {
  return xhrUpload({
    route: INGEST_ROUTES.file,
    params: { id: options.uploadId, index: options.index },
    body: options.file,
    contentType: options.contentType || 'application/octet-stream',
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

/** Every file is in: queue the processing (503 while the queue is down, nothing lost). */
export function commitChapterUpload(uploadId: string) {
  return api(INGEST_ROUTES.commit, { params: { id: uploadId } });
}

export function fetchChapterUpload(uploadId: string) {
  return api(INGEST_ROUTES.upload, { params: { id: uploadId } });
}

/** Processing failed: run it again on the kept originals. */
export function retryChapterUpload(uploadId: string) {
  return api(INGEST_ROUTES.retry, { params: { id: uploadId } });
}

/** The uploader starts over: the unfinished or failed upload and its files are dropped. */
export function abandonChapterUpload(uploadId: string) {
  return api(INGEST_ROUTES.remove, { params: { id: uploadId } });
}
