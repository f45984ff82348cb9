import { MEDIA_ROUTES, type CoverUploadResponse } from '@warraq/contracts';
import { xhrUpload } from './xhr-upload';

/** Uploads a cover image as its raw bytes, reporting the bytes sent. */
export function uploadCover(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<CoverUploadResponse> {
  return xhrUpload({ route: MEDIA_ROUTES.uploadCover, body: file, contentType: file.type, onProgress });
}
