import { type DeclaredFile, INGEST_LIMITS, INGEST_MESSAGES, type UploadMethod } from '@warraq/contracts';

export type FileKind = 'image' | 'zip';

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

const isImage = (file: DeclaredFile) =>
  (INGEST_LIMITS.imageExtensions as readonly string[]).includes(extensionOf(file.name)) &&
  (INGEST_LIMITS.imageContentTypes as readonly string[]).includes(file.type.toLowerCase());

const isZip = (file: DeclaredFile) =>
  extensionOf(file.name) === 'zip' &&
  (INGEST_LIMITS.zipContentTypes as readonly string[]).includes(file.type.toLowerCase());

/** The most bytes one file of this kind may have. */
export function byteLimit(kind: FileKind): number {
  return kind === 'zip' ? INGEST_LIMITS.maxZipBytes : INGEST_LIMITS.maxImageBytes;
}

export function tooLargeMessage(kind: FileKind): string {
  return kind === 'zip' ? INGEST_MESSAGES.zipTooLarge : INGEST_MESSAGES.imageTooLarge;
}

export function fileKind(method: UploadMethod): FileKind {
  return method === 'zip' ? 'zip' : 'image';
}

/**
 * Spec §5 "Files", enforced by the server: JPG/PNG/WebP images (1 to 300, 10 MB each) or exactly one
 * .zip (100 MB). Names and declared types are only the first gate; the bytes are checked on arrival
 * and again by processing. Returns the field errors, or null when the list is acceptable.
 */
export function declaredFileErrors(
  method: UploadMethod,
  files: readonly DeclaredFile[],
): Record<string, string[]> | null {
  const fail = (message: string) => ({ files: [message] });
  if (files.length === 0) return fail(INGEST_MESSAGES.noFiles);
  if (method === 'zip') {
    if (files.length > 1) return fail(INGEST_MESSAGES.oneZipOnly);
    const zip = files[0]!;
    if (!isZip(zip)) return fail(INGEST_MESSAGES.zipOnly);
    if (zip.size > INGEST_LIMITS.maxZipBytes) return fail(INGEST_MESSAGES.zipTooLarge);
    return null;
  }
  if (files.length > INGEST_LIMITS.maxImages) return fail(INGEST_MESSAGES.maxImages);
  if (!files.every(isImage)) return fail(INGEST_MESSAGES.imagesOnly);
  if (files.some((f) => f.size > INGEST_LIMITS.maxImageBytes)) return fail(INGEST_MESSAGES.imageTooLarge);
  return null;
}
