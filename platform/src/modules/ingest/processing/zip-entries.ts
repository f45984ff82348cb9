import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { hasHiddenCharacters, isUnsafePath } from './entry-names';

/** How one reader of zips (chapter pages, novel documents) words each refusal of an entry. */
export interface ZipEntryRefusals {
  hiddenCharacters(name: string): Error;
  unsafePath(name: string): Error;
  symlink(name: string): Error;
  encrypted(): Error;
  unsupportedMethod(name: string): Error;
  ratio(name: string): Error;
  overlapping(): Error;
}

export interface ZipRatioLimits {
  /** Entries up to this size may compress as well as they like (a blank page does). */
  ratioExemptBytes: number;
  maxRatio: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * An entry's raw name, judged before anything else is read of it: no hidden character, no absolute
 * path, `..` or backslash, no symlink, no encryption. Names are decoded here (yauzl is opened with
 * `decodeStrings: false`) so a bad one is refused by name instead of as a bare library error.
 */
export function judgedEntryName(entry: Entry, refuse: ZipEntryRefusals): string {
  const name = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    true,
  );
  if (hasHiddenCharacters(name)) throw refuse.hiddenCharacters(name);
  if (isUnsafePath(name) || yauzl.validateFileName(name) !== null) throw refuse.unsafePath(name);
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw refuse.symlink(name);
  if (entry.isEncrypted()) throw refuse.encrypted();
  return name;
}

/** Only stored or deflated data, and no suspicious compression ratio, from the declared sizes alone. */
export function judgeEntryData(
  entry: Entry,
  name: string,
  limits: ZipRatioLimits,
  refuse: ZipEntryRefusals,
): void {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw refuse.unsupportedMethod(name);
  if (
    entry.uncompressedSize > limits.ratioExemptBytes &&
    entry.uncompressedSize > limits.maxRatio * entry.compressedSize
  ) {
    throw refuse.ratio(name);
  }
}

/**
 * The byte ranges of the entries accepted so far. Overlapping entries (many records inflating the
 * same bytes) are how the smallest zip bombs work, so a second claim on any byte is refused.
 */
export class DisjointEntrySpans {
  private readonly spans: [number, number][] = [];

  constructor(
    private readonly refuse: ZipEntryRefusals,
    /** Maps what yauzl throws while reading a local header to the reader's own refusal. */
    private readonly asRefusal: (error: unknown) => unknown,
  ) {}

  async add(zipfile: ZipFile, entry: Entry): Promise<void> {
    let span: [number, number];
    try {
      const { fileDataStart } = await zipfile.readLocalFileHeaderPromise(entry, { minimal: true });
      span = [entry.relativeOffsetOfLocalHeader, fileDataStart + entry.compressedSize];
    } catch (error) {
      throw this.asRefusal(error);
    }
    if (this.spans.some(([start, end]) => span[0] < end && start < span[1])) throw this.refuse.overlapping();
    this.spans.push(span);
  }
}
