import { z } from 'zod';
import {
  ChapterUploadResponseSchema,
  INGEST_PATHS,
  UploadFileResponseSchema,
  type CreateChapterUploadBody,
} from '@warraq/contracts';
import { apiRequest } from './client';
import { xhrUpload } from './xhr-upload';

/** Spec §9: the chapter create call gives up after 30 s. */
export const DECLARE_TIMEOUT_MS = 30_000;

/** Declares the chapter and its files; the answer carries the upload's id. */
export function declareChapterUpload(body: CreateChapterUploadBody) {
  return apiRequest('POST', INGEST_PATHS.create, ChapterUploadResponseSchema, body, {
    timeoutMs: DECLARE_TIMEOUT_MS,
  });
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
    method: 'PUT',
    path: INGEST_PATHS.file(options.uploadId, options.index),
    body: options.file,
    contentType: options.contentType || 'application/octet-stream',
    schema: UploadFileResponseSchema,
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

/** Every file is in: queue the processing (503 while the queue is down, nothing lost). */
export function commitChapterUpload(uploadId: string) {
  return apiRequest('POST', INGEST_PATHS.commit(uploadId), ChapterUploadResponseSchema, {});
}

export function fetchChapterUpload(uploadId: string) {
  return apiRequest('GET', INGEST_PATHS.upload(uploadId), ChapterUploadResponseSchema);
}

/** Processing failed: run it again on the kept originals. */
export function retryChapterUpload(uploadId: string) {
  return apiRequest('POST', INGEST_PATHS.retry(uploadId), ChapterUploadResponseSchema, {});
}

/** The uploader starts over: the unfinished or failed upload and its files are dropped. */
export function abandonChapterUpload(uploadId: string) {
  return apiRequest('DELETE', INGEST_PATHS.upload(uploadId), z.unknown());
}
