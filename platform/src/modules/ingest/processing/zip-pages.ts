import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_SNIFF_BYTES, looksLikeArchive, looksLikeZip } from './archive-sniff';
import {
  hasArchiveExtension,
  hasHiddenCharacters,
  isDirectoryEntry,
  isJunkEntry,
  isUnsafePath,
} from './entry-names';
import { compareNatural } from './natural-order';
import { ZIP_LIMITS, type ZipLimits } from './processing.limits';
import { IngestRejection } from './processing.types';
import { reject } from './rejections';

/** One page of the archive, extracted: its entry name (for messages only) and where its bytes are. */
export interface ZipPage {
  name: string;
  path: string;
}

export interface ExtractZipOptions {
  /** Called with the page count once the central directory has been read, before any extraction. */
  onListed?: (pages: number) => void | Promise<void>;
  signal?: AbortSignal;
  limits?: ZipLimits;
}

interface ListedPage {
  name: string;
  entry: Entry;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads a zip from its central directory and extracts its pages, in natural order of their names, to
 * `<dir>/<n>`. Every entry is judged before a byte is inflated (names, types, flags, declared sizes
 * and ratios, overlapping data), then each page is inflated through a counter that stops at its
 * declared size and checks its CRC. Entry names are never used as paths.
 */
export async function extractZipPages(
  zipPath: string,
  zipName: string,
  dir: string,
  { onListed, signal, limits = ZIP_LIMITS }: ExtractZipOptions = {},
): Promise<ZipPage[]> {
  if (!looksLikeZip(await readHead(zipPath, 4))) throw reject.notAZip(zipName);
  let zipfile: ZipFile;
  try {
    zipfile = await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      // Names are decoded and judged here, so a bad one is refused by name instead of as a bare error.
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw asZipRejection(error);
  }
  // yauzl reports a broken record as an 'error' event; an event nobody listens to would end the worker.
  zipfile.on('error', () => undefined);
  try {
    const listed = await listPages(zipfile, limits);
    if (listed.length === 0) throw reject.zipEmpty();
    listed.sort((a, b) => compareNatural(a.name, b.name));
    await onListed?.(listed.length);
    await mkdir(dir, { recursive: true });
    const pages: ZipPage[] = [];
    for (const [index, { name, entry }] of listed.entries()) {
      signal?.throwIfAborted();
      const path = join(dir, String(index));
      await extractEntry(zipfile, entry, name, path, limits);
      pages.push({ name, path });
    }
    return pages;
  } finally {
    zipfile.close();
  }
}

async function listPages(zipfile: ZipFile, limits: ZipLimits): Promise<ListedPage[]> {
  if (zipfile.entryCount > limits.maxEntries) throw reject.zipTooManyEntries();
  const pages: ListedPage[] = [];
  const spans: [number, number][] = [];
  let total = 0;
  const entries = zipfile.eachEntry();
  for (;;) {
    let next: IteratorResult<Entry>;
    try {
      next = await entries.next();
    } catch (error) {
      throw asZipRejection(error);
    }
    if (next.done) break;
    const entry = next.value;
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      true,
    );
    if (hasHiddenCharacters(name)) throw reject.hiddenCharacters(name);
    if (isUnsafePath(name) || yauzl.validateFileName(name) !== null) throw reject.zipUnsafePath(name);
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw reject.zipSymlink(name);
    if (entry.isEncrypted()) throw reject.zipEncrypted();
    if (isDirectoryEntry(name) || isJunkEntry(name)) continue;
    if (hasArchiveExtension(name)) throw reject.zipNestedArchive(name);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw reject.zipUnsupportedMethod(name);
    }
    if (entry.uncompressedSize > limits.maxEntryBytes) throw reject.imageTooLarge(name);
    if (
      entry.uncompressedSize > limits.ratioExemptBytes &&
      entry.uncompressedSize > limits.maxRatio * entry.compressedSize
    ) {
      throw reject.zipRatio(name);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw reject.zipTooLarge();
    pages.push({ name, entry });
    if (pages.length > limits.maxPages) throw reject.zipTooManyPages();
    // Overlapping entries (many records inflating the same bytes) are how the smallest zip bombs work.
    const span = await entrySpan(zipfile, entry);
    if (spans.some(([start, end]) => span[0] < end && start < span[1])) throw reject.zipOverlapping();
    spans.push(span);
  }
  return pages;
}

/** The bytes an entry occupies: from its local header to the end of its data. */
async function entrySpan(zipfile: ZipFile, entry: Entry): Promise<[number, number]> {
  try {
    const { fileDataStart } = await zipfile.readLocalFileHeaderPromise(entry, { minimal: true });
    return [entry.relativeOffsetOfLocalHeader, fileDataStart + entry.compressedSize];
  } catch (error) {
    throw asZipRejection(error);
  }
}

async function extractEntry(
  zipfile: ZipFile,
  entry: Entry,
  name: string,
  path: string,
  limits: ZipLimits,
): Promise<void> {
  let source: NodeJS.ReadableStream;
  try {
    source = await zipfile.openReadStreamPromise(entry);
  } catch (error) {
    throw asZipRejection(error);
  }
  let sourceError: unknown = null;
  source.on('error', (error: unknown) => {
    sourceError ??= error;
  });
  const guard = new EntryGuard(Math.min(entry.uncompressedSize, limits.maxEntryBytes), entry.crc32);
  try {
    await pipeline(source, guard, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof IngestRejection) throw error;
    if (sourceError !== null) throw asZipRejection(sourceError);
    throw error;
  }
  if (looksLikeArchive(guard.head)) throw reject.zipNestedArchive(name);
}

/**
 * Counts the inflated bytes of one entry itself (whatever yauzl already checks), refuses the first
 * byte past the declared size, checks the CRC at the end, and keeps the first bytes for sniffing.
 */
class EntryGuard extends Transform {
  head: Buffer = Buffer.alloc(0);
  private bytes = 0;
  private crc = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly expectedCrc: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(reject.zipTooLarge());
    if (this.head.length < ARCHIVE_SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, ARCHIVE_SNIFF_BYTES - this.head.length)]);
    }
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.crc === this.expectedCrc ? null : reject.zipCorrupt());
  }
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * What yauzl and zlib report about the archive's contents is the upload's fault: refused, not
 * retried. System errors (the disk, the file gone) stay errors, so the job retries.
 */
function asZipRejection(error: unknown): unknown {
  if (error instanceof IngestRejection) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/encrypt/i.test(message)) return reject.zipEncrypted();
  if (/too many bytes/i.test(message)) return reject.zipTooLarge();
  return reject.zipCorrupt();
}
