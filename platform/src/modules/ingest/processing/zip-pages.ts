import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_SNIFF_BYTES, looksLikeArchive, looksLikeZip } from './archive-sniff';
import { hasArchiveExtension, isDirectoryEntry, isJunkEntry } from './entry-names';
import { compareNatural } from './natural-order';
import { ZIP_LIMITS, type ZipLimits } from './processing.limits';
import { IngestRejection } from './processing.types';
import { reject } from './rejections';
import { DisjointEntrySpans, judgeEntryData, judgedEntryName, type ZipEntryRefusals } from './zip-entries';

/**
 * An archive whose pages have been listed and judged (nothing inflated yet): their names in natural
 * order, and each page's bytes on demand, inflated into memory (at most one page's limit) — never
 * written to disk.
 */
export interface ZipPages {
  names: string[];
  /**
   * Inflates page `index`. `accept` sees its first bytes as soon as they are there (before the rest
   * is inflated) and may refuse the page by returning a rejection.
   */
  read(index: number, accept?: (head: Buffer) => IngestRejection | null): Promise<Buffer>;
  close(): void;
}

interface ListedPage {
  name: string;
  entry: Entry;
}

const ZIP_ENTRY_REFUSALS: ZipEntryRefusals = {
  hiddenCharacters: reject.hiddenCharacters,
  unsafePath: reject.zipUnsafePath,
  symlink: reject.zipSymlink,
  encrypted: reject.zipEncrypted,
  unsupportedMethod: reject.zipUnsupportedMethod,
  ratio: reject.zipRatio,
  overlapping: reject.zipOverlapping,
};

/**
 * Reads a zip's central directory and judges every entry before a byte is inflated (names, types,
 * flags, declared sizes and ratios, overlapping data); pages are then inflated one by one, on demand,
 * through a counter that stops at the declared size and checks the CRC. Entry names are never paths.
 */
export async function openZipPages(
  zipPath: string,
  zipName: string,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ZipPages> {
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
    return {
      names: listed.map((page) => page.name),
      read: (index, accept) => {
        const page = listed[index];
        if (!page) throw new Error(`no page ${index} in ${zipName}`);
        return readEntry(zipfile, page.entry, page.name, limits, accept);
      },
      close: () => zipfile.close(),
    };
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

async function listPages(zipfile: ZipFile, limits: ZipLimits): Promise<ListedPage[]> {
  if (zipfile.entryCount > limits.maxEntries) throw reject.zipTooManyEntries();
  const pages: ListedPage[] = [];
  const spans = new DisjointEntrySpans(ZIP_ENTRY_REFUSALS, asZipRejection);
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
    const name = judgedEntryName(entry, ZIP_ENTRY_REFUSALS);
    if (isDirectoryEntry(name) || isJunkEntry(name)) continue;
    if (hasArchiveExtension(name)) throw reject.zipNestedArchive(name);
    if (entry.uncompressedSize > limits.maxEntryBytes) throw reject.imageTooLarge(name);
    judgeEntryData(entry, name, limits, ZIP_ENTRY_REFUSALS);
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw reject.zipTooLarge();
    pages.push({ name, entry });
    if (pages.length > limits.maxPages) throw reject.zipTooManyPages();
    await spans.add(zipfile, entry);
  }
  return pages;
}

async function readEntry(
  zipfile: ZipFile,
  entry: Entry,
  name: string,
  limits: ZipLimits,
  accept: ((head: Buffer) => IngestRejection | null) | undefined,
): Promise<Buffer> {
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
  const judge = (head: Buffer) =>
    looksLikeArchive(head) ? reject.zipNestedArchive(name) : (accept?.(head) ?? null);
  const guard = new EntryGuard(Math.min(entry.uncompressedSize, limits.maxEntryBytes), entry.crc32, judge);
  const chunks: Buffer[] = [];
  guard.on('data', (chunk: Buffer) => chunks.push(chunk));
  try {
    await pipeline(source, guard);
  } catch (error) {
    if (error instanceof IngestRejection) throw error;
    if (sourceError !== null) throw asZipRejection(sourceError);
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * Counts the inflated bytes of one entry itself (whatever yauzl already checks), refuses the first
 * byte past the declared size, has the first bytes judged as soon as there are enough of them (so a
 * page that is not one stops inflating there), and checks the CRC at the end.
 */
class EntryGuard extends Transform {
  private head: Buffer = Buffer.alloc(0);
  private judged = false;
  private bytes = 0;
  private crc = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly expectedCrc: number,
    private readonly judge: (head: Buffer) => IngestRejection | null,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(reject.zipTooLarge());
    if (!this.judged) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, ARCHIVE_SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= ARCHIVE_SNIFF_BYTES) {
        this.judged = true;
        const refusal = this.judge(this.head);
        if (refusal) return callback(refusal);
      }
    }
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.judged) {
      this.judged = true;
      const refusal = this.judge(this.head);
      if (refusal) return callback(refusal);
    }
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
