import { fmt, t } from '@/i18n';
import { estimateZipPages, INGEST_LIMITS, INGEST_MESSAGES, type UploadMethod } from '@warraq/contracts';

/** What the checks need of a picked file (a browser File, or a plain object in tests). */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** Why a pick was refused: a toast title of spec §8 and the reason in a sentence. */
export interface PickProblem {
  title: typeof INGEST_MESSAGES.invalidFiles | typeof INGEST_MESSAGES.tooManyFiles;
  description: string;
}

export interface PickResult<F extends FileLike> {
  /** The new file list (in reading order) once the pick is applied. */
  files: F[];
  /** Set when some or all of the picked files were refused. */
  problem: PickProblem | null;
}

const IMAGE_EXTENSIONS: readonly string[] = INGEST_LIMITS.imageExtensions;
const IMAGE_TYPES: readonly string[] = INGEST_LIMITS.imageContentTypes;
const ZIP_TYPES: readonly string[] = INGEST_LIMITS.zipContentTypes;

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** JPG, PNG or WebP by name, and not claiming another type (spec §5 Files). */
export function isImageFile(file: FileLike): boolean {
  return IMAGE_EXTENSIONS.includes(extension(file.name)) && (!file.type || IMAGE_TYPES.includes(file.type));
}

/** A .zip by name; browsers disagree on its type (application/zip, x-zip-compressed, x-zip, none). */
export function isZipFile(file: FileLike): boolean {
  return extension(file.name) === 'zip';
}

const IMAGE_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The type declared to the server and sent with the bytes: one the contract knows, whatever the browser said. */
export function declaredType(method: UploadMethod, file: FileLike): string {
  if (method === 'zip') return ZIP_TYPES.includes(file.type) && file.type ? file.type : 'application/zip';
  return IMAGE_TYPES.includes(file.type) ? file.type : (IMAGE_TYPE_BY_EXTENSION[extension(file.name)] ?? '');
}

/** The `accept` attribute of the file input for a method. */
export function acceptFor(method: UploadMethod): string {
  return method === 'zip'
    ? '.zip,application/zip,application/x-zip-compressed'
    : [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');
}

const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** File names in reading order: 2 before 10, Arabic-Indic digits too (as the server orders pages). */
export function compareNames(a: string, b: string): number {
  return naturalOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

function names(files: readonly FileLike[]): string {
  return files.map((file) => file.name).join('، ');
}

/**
 * Applies a pick (file input or drop) to the list. Images: JPG/PNG/WebP of at most 10 MB each, at
 * most 300 in all, a picked name replacing the file of the same name. Zip: exactly one .zip of at
 * most 100 MB, replacing the one chosen before. Refused files never enter the list.
 */
export function applyPick<F extends FileLike>(
  method: UploadMethod,
  current: readonly F[],
  picked: readonly F[],
): PickResult<F> {
  if (picked.length === 0) return { files: [...current], problem: null };
  if (method === 'zip') {
    const wrongType = picked.filter((file) => !isZipFile(file));
    if (wrongType.length > 0) {
      return {
        files: [...current],
        problem: { title: INGEST_MESSAGES.invalidFiles, description: INGEST_MESSAGES.zipOnly },
      };
    }
    if (picked.length > 1) {
      return {
        files: [...current],
        problem: { title: INGEST_MESSAGES.tooManyFiles, description: INGEST_MESSAGES.oneZipOnly },
      };
    }
    const [zip] = picked as [F];
    if (zip.size > INGEST_LIMITS.maxZipBytes) {
      return {
        files: [...current],
        problem: { title: INGEST_MESSAGES.invalidFiles, description: INGEST_MESSAGES.zipTooLarge },
      };
    }
    if (zip.size === 0) {
      return {
        files: [...current],
        problem: {
          title: INGEST_MESSAGES.invalidFiles,
          description: fmt(t.chapterForm.emptyFiles, { names: zip.name }),
        },
      };
    }
    return { files: [zip], problem: null };
  }

  const wrongType = picked.filter((file) => !isImageFile(file));
  const tooLarge = picked.filter((file) => isImageFile(file) && file.size > INGEST_LIMITS.maxImageBytes);
  const empty = picked.filter((file) => isImageFile(file) && file.size === 0);
  const good = picked.filter(
    (file) => isImageFile(file) && file.size > 0 && file.size <= INGEST_LIMITS.maxImageBytes,
  );
  const byName = new Map(current.map((file) => [file.name, file]));
  for (const file of good) byName.set(file.name, file);
  if (byName.size > INGEST_LIMITS.maxImages) {
    return {
      files: [...current],
      problem: { title: INGEST_MESSAGES.tooManyFiles, description: INGEST_MESSAGES.maxImages },
    };
  }
  const files = [...byName.values()].sort((a, b) => compareNames(a.name, b.name));
  let problem: PickProblem | null = null;
  if (wrongType.length > 0) {
    problem = {
      title: INGEST_MESSAGES.invalidFiles,
      description: `${INGEST_MESSAGES.imagesOnly} (${names(wrongType)})`,
    };
  } else if (tooLarge.length > 0) {
    problem = {
      title: INGEST_MESSAGES.invalidFiles,
      description: `${INGEST_MESSAGES.imageTooLarge} (${names(tooLarge)})`,
    };
  } else if (empty.length > 0) {
    problem = {
      title: INGEST_MESSAGES.invalidFiles,
      description: fmt(t.chapterForm.emptyFiles, { names: names(empty) }),
    };
  }
  return { files, problem };
}

/**
 * The read-only page count (spec §5): the real total once processing knows it; else, for a zip, its
 * size over 100 KB rounded up (at least 1), and for images the files not refused by the server.
 */
export function pageCountOf(
  method: UploadMethod,
  files: readonly { size: number; failed: boolean }[],
  processedTotal: number | null,
): number {
  if (processedTotal !== null) return processedTotal;
  if (method === 'zip') {
    const zip = files[0];
    return zip ? estimateZipPages(zip.size) : 0;
  }
  return files.filter((file) => !file.failed).length;
}
