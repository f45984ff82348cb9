import { CoverUploadResponseSchema, type CoverUploadResponse } from '@warraq/contracts';
import { t } from '@/i18n';
import { ApiError } from './api-error';

/**
 * Uploads a cover image as its raw bytes. XMLHttpRequest rather than fetch: it reports the bytes
 * sent, so the progress bar shows the real upload.
 */
export function uploadCover(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<CoverUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/covers');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, t.errors.network));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(ApiError.fromText(xhr.status, xhr.responseText));
        return;
      }
      try {
        resolve(CoverUploadResponseSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new ApiError(xhr.status, t.errors.invalidAnswer));
      }
    };
    xhr.send(file);
  });
}
