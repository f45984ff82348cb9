import { NOVEL_IMPORT_MESSAGES as M } from '@warraq/contracts';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { displayName } from '../../ingest/processing/entry-names';
import {
  DisjointEntrySpans,
  judgeEntryData,
  judgedEntryName,
  type ZipEntryRefusals,
} from '../../ingest/processing/zip-entries';
import type { NovelArchiveLimits } from '../novel-import.limits';
import { NovelTextRejection } from '../novel-text.rejection';
import type { Deadline } from './deadline';

const refuse: ZipEntryRefusals & {
  tooManyEntries(): NovelTextRejection;
  tooLarge(): NovelTextRejection;
  corrupt(): NovelTextRejection;
} = {
  unsafePath: (name: string) =>
    new NovelTextRejection('archive_unsafe_path', M.archiveUnsafePath(displayName(name)), displayName(name)),
  hiddenCharacters: (name: string) =>
    new NovelTextRejection(
      'archive_hidden_characters',
      M.archiveHiddenCharacters(displayName(name)),
      displayName(name),
    ),
  symlink: (name: string) =>
    new NovelTextRejection('archive_symlink', M.archiveSymlink(displayName(name)), displayName(name)),
  ratio: (name: string) =>
    new NovelTextRejection('archive_ratio', M.archiveRatio(displayName(name)), displayName(name)),
  encrypted: () => new NovelTextRejection('archive_encrypted', M.archiveEncrypted),
  tooManyEntries: () => new NovelTextRejection('archive_too_many_entries', M.archiveTooManyEntries),
  tooLarge: () => new NovelTextRejection('archive_too_large', M.archiveTooLarge),
  corrupt: () => new NovelTextRejection('archive_corrupt', M.archiveCorrupt),
  unsupportedMethod: () => new NovelTextRejection('archive_corrupt', M.archiveCorrupt),
  overlapping: () => new NovelTextRejection('archive_corrupt', M.archiveCorrupt),
};

/**
 * A .docx or .epub held in memory, listed and judged whole before any part is inflated: every
 * name (no absolute path, `..`, backslash or hidden character; no symlink; no duplicate), no
 * encryption, only stored or deflated parts, a bounded number of parts, a bounded declared total,
 * no suspicious compression ratio and no two records sharing bytes (the smallest zip bombs). Parts
 * are then read by name only, each through a counter that stops at its cap whatever its header
 * claims, with its CRC checked. Names are only keys: nothing is ever written to disk.
 */
export class ChapterArchive {
  private bytesRead = 0;

  private constructor(
    private readonly zipfile: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: NovelArchiveLimits,
    private readonly deadline: Deadline,
  ) {}

  static async open(bytes: Buffer, limits: NovelArchiveLimits, deadline: Deadline): Promise<ChapterArchive> {
    let zipfile: ZipFile;
    try {
      zipfile = await yauzl.fromBufferPromise(bytes, {
        lazyEntries: true,
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch (error) {
      throw asRejection(error);
    }
    zipfile.on('error', () => undefined);
    try {
      const entries = await list(zipfile, limits, deadline);
      return new ChapterArchive(zipfile, entries, limits, deadline);
    } catch (error) {
      zipfile.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** One part's bytes, or null when the archive has no part of that name. */
  async read(name: string): Promise<Buffer | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    this.deadline.check();
    const cap = Math.min(this.limits.maxPartBytes, this.limits.maxReadBytes - this.bytesRead);
    if (entry.uncompressedSize > cap) throw refuse.tooLarge();
    let stream: NodeJS.ReadableStream;
    try {
      stream = await this.zipfile.openReadStreamPromise(entry);
    } catch (error) {
      throw asRejection(error);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > cap) throw refuse.tooLarge();
        this.deadline.check();
        crc = crc32(chunk, crc);
        chunks.push(chunk);
      }
    } catch (error) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw asRejection(error);
    }
    if (crc >>> 0 !== entry.crc32 >>> 0) throw refuse.corrupt();
    this.bytesRead += size;
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zipfile.close();
  }
}

async function list(
  zipfile: ZipFile,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<Map<string, Entry>> {
  if (zipfile.entryCount > limits.maxEntries) throw refuse.tooManyEntries();
  const entries = new Map<string, Entry>();
  const spans = new DisjointEntrySpans(refuse, asRejection);
  let total = 0;
  const iterator = zipfile.eachEntry();
  for (;;) {
    deadline.check();
    let next: IteratorResult<Entry>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw asRejection(error);
    }
    if (next.done) break;
    const entry = next.value;
    const name = judgedEntryName(entry, refuse);
    if (entries.has(name)) throw refuse.corrupt();
    judgeEntryData(entry, name, limits, refuse);
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw refuse.tooLarge();
    await spans.add(zipfile, entry);
    entries.set(name, entry);
  }
  return entries;
}

/** What yauzl and zlib report about the archive is the file's fault: refused, never retried. */
function asRejection(error: unknown): unknown {
  if (error instanceof NovelTextRejection) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/encrypt/i.test(message)) return refuse.encrypted();
  if (/too many bytes/i.test(message)) return refuse.tooLarge();
  return refuse.corrupt();
}
