import type { z } from 'zod';
import { fmt, t } from '@/i18n';
import { ApiError } from './api-error';

/** The upload was cancelled by the page (a file removed, the form started over). */
export class UploadAbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'UploadAbortedError';
  }
}

/**
 * An error answer as an {@link ApiError}. A proxy in front of the API (a body-size limit, a gateway
 * timeout) answers with an HTML page, not the API's JSON: the uploader gets an Arabic sentence for
 * its status instead of that page's markup.
 */
function uploadError(status: number, text: string): ApiError {
  const error = ApiError.fromText(status, text);
  const fromApi = text.trimStart().startsWith('{');
  if (fromApi && error.message) return error;
  const message = status === 413 ? t.errors.tooLarge : fmt(t.errors.httpStatus, { status });
  return new ApiError(status, message, error.fieldErrors);
}

export interface XhrUploadOptions<S extends z.ZodType> {
  method: 'POST' | 'PUT';
  path: string;
  body: Blob;
  contentType: string;
  schema: S;
  /** The fraction of the body's bytes sent so far (0..1). */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Sends raw bytes to the API with XMLHttpRequest rather than fetch: it reports the bytes sent, so
 * progress bars show the real upload. Error answers become an {@link ApiError}.
 */
export function xhrUpload<S extends z.ZodType>(options: XhrUploadOptions<S>): Promise<z.infer<S>> {
  const { method, path, body, contentType, schema, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      settle();
      reject(new UploadAbortedError());
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, t.errors.network));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(uploadError(xhr.status, xhr.responseText));
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      const parsed = schema.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, t.errors.invalidAnswer));
    };
    xhr.send(body);
  });
}
