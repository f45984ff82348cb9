import type { ApiRoute, RouteAnswer } from '@warraq/contracts';
import { fmt, t } from '@/i18n';
import { ApiError } from './api-error';
import { answerSchema, parseAnswer, routeUrl, type RouteInput } from './client';

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

export type XhrUploadOptions<R extends ApiRoute> = Pick<RouteInput<R>, 'params' | 'query'> & {
  /** A route of the table whose body is raw bytes (`rawBody`). */
  route: R;
  body: Blob;
  contentType: string;
  /** The fraction of the body's bytes sent so far (0..1). */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
};

/**
 * Sends raw bytes to the API with XMLHttpRequest rather than fetch: it reports the bytes sent, so
 * progress bars show the real upload. Error answers become an {@link ApiError}.
 */
export function xhrUpload<R extends ApiRoute>(options: XhrUploadOptions<R>): Promise<RouteAnswer<R>> {
  const { route, body, contentType, onProgress, signal } = options;
  const schema = answerSchema(route);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(
      route.method.toUpperCase(),
      routeUrl(route, { params: options.params, query: options.query } as unknown as RouteInput<R>),
    );
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
      try {
        resolve(parseAnswer(schema, xhr.status, json) as RouteAnswer<R>);
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(body);
  });
}
