import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskMediaStorage } from '../../media/local-disk-media.storage';
import type { MediaExtension, StoredMedia } from '../../media/media-storage';
import { ChapterBudget } from './page-encoder';
import { processChapterSource } from './process-chapter';
import { CHAPTER_BUDGET } from './processing.limits';
import { IngestRejection } from './processing.types';
import { diskAmplifierZip } from '@warraq/test-media';
import { makePageJpeg, makePagePng, zipOfPages } from '@warraq/test-media';

/** Bytes of every file under `dir`. */
async function diskUse(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await diskUse(path) : (await stat(path)).size;
  }
  return total;
}

/** A store that notes how much the job's folders held when each page image was stored. */
class WatchedStorage extends LocalDiskMediaStorage {
  readonly diskAtPut: number[] = [];
  constructor(
    root: string,
    private readonly watched: string,
  ) {
    super(root);
  }
  override async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    this.diskAtPut.push(await diskUse(this.watched));
    return super.put(bytes, extension);
  }
}

/**
 * Findings 3 and 5 of the reliability issue: an upload costs what it is. Nothing is unpacked ahead
 * (a page is judged on its own first bytes, one at a time, in memory), and a chapter whose pages
 * together would cost too much is refused, by its headers, with an Arabic reason.
 */
describe('bounded cost per upload', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'warraq-cost-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('the disk amplifier: refused at its first bad page, with nothing unpacked to disk', async () => {
    const zipPath = join(root, 'upload.zip');
    await writeFile(zipPath, diskAmplifierZip(40, 2 * 1024 * 1024, await makePageJpeg(1)));
    const workDir = join(root, 'work');
    const storage = new WatchedStorage(join(root, 'media'), workDir);
    const error = await processChapterSource(
      { method: 'zip', files: [{ path: zipPath, name: 'upload.zip' }] },
      { workDir, storage },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestRejection);
    expect((error as IngestRejection).code).toBe('corrupt_image');
    // Page 1 (and its 600 px copy) was stored while the bad page 2 was refused; at that moment the
    // job held nothing on disk (before, all 40 entries — 80 MB — were unpacked first).
    expect(storage.diskAtPut).toEqual([0, 0]);
  });

  it('tall strips within the budget are sliced from bands; over it the chapter is refused in Arabic', async () => {
    const strip = await makePagePng(1, { width: 400, height: 6000 });
    const zipPath = join(root, 'strips.zip');
    await writeFile(zipPath, zipOfPages([1, 2, 3].map((n) => ({ name: `${n}.png`, data: strip }))));
    const source = { method: 'zip' as const, files: [{ path: zipPath, name: 'strips.zip' }] };
    const storage = new LocalDiskMediaStorage(join(root, 'media'));

    // Each strip: 6000 px tall at 400 wide → three slices of 2000 px.
    const pages = await processChapterSource(source, {
      workDir: join(root, 'work'),
      storage,
      budget: { ...CHAPTER_BUDGET, maxPixels: 3 * 400 * 6000, maxImages: 9 },
    });
    expect(pages.map((p) => [p.sourceIndex, p.width, p.height])).toEqual(
      [0, 1, 2].flatMap((s) => [
        [s, 400, 2000],
        [s, 400, 2000],
        [s, 400, 2000],
      ]),
    );

    // A strip too big to decode at once (1200 × 14,000 would be 67 MB of pixels) is cut from bands.
    const tall = await makePagePng(2, { width: 1200, height: 14_000 });
    const tallZip = join(root, 'tall.zip');
    await writeFile(tallZip, zipOfPages([{ name: 'tall.png', data: tall }]));
    const bands = await processChapterSource(
      { method: 'zip', files: [{ path: tallZip, name: 'tall.zip' }] },
      { workDir: join(root, 'work'), storage },
    );
    expect(bands.map((p) => [p.width, p.height])).toEqual(Array.from({ length: 7 }, () => [1200, 2000]));

    for (const budget of [
      { ...CHAPTER_BUDGET, maxPixels: 3 * 400 * 6000, maxImages: 8 },
      { ...CHAPTER_BUDGET, maxPixels: 3 * 400 * 6000 - 1, maxImages: 9 },
    ]) {
      const error = await processChapterSource(source, {
        workDir: join(root, 'work'),
        storage,
        budget,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IngestRejection);
      expect(error).toMatchObject({
        code: 'chapter_too_large',
        message: expect.stringMatching(/الفصل/) as unknown,
      });
    }
  });

  it('a chapter whose processing uses more CPU time than its budget is refused in Arabic, after the page that went over', async () => {
    const zipPath = join(root, 'pages.zip');
    const pages = await Promise.all([1, 2, 3, 4].map((n) => makePageJpeg(n, { width: 800, height: 1200 })));
    await writeFile(zipPath, zipOfPages(pages.map((data, i) => ({ name: `${i + 1}.jpg`, data }))));
    const source = { method: 'zip' as const, files: [{ path: zipPath, name: 'pages.zip' }] };
    const storage = new LocalDiskMediaStorage(join(root, 'media'));
    const stored: string[] = [];
    const counted = Object.assign(Object.create(storage) as LocalDiskMediaStorage, {
      put: async (bytes: Buffer, extension: MediaExtension) => {
        const media = await storage.put(bytes, extension);
        stored.push(media.key);
        return media;
      },
    });

    // Within the budget (the real one, with the real CPU clock): processed.
    expect(await processChapterSource(source, { workDir: join(root, 'work'), storage })).toHaveLength(4);

    // One millisecond of CPU: the first page's encode already spends more, so the chapter stops there.
    const error = await processChapterSource(source, {
      workDir: join(root, 'work'),
      storage: counted,
      budget: { ...CHAPTER_BUDGET, maxCpuMs: 1 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestRejection);
    expect(error).toMatchObject({
      code: 'chapter_too_large',
      message: expect.stringMatching(/وقتًا أطول/) as unknown,
    });
    // Pages run two at a time: at most the two in flight were stored, never the whole chapter.
    expect(stored.length).toBeLessThanOrEqual(2);
  });

  it('the CPU budget counts the process time since the chapter started', () => {
    let used = 0;
    const budget = new ChapterBudget({ ...CHAPTER_BUDGET, maxCpuMs: 100 }, () => used);
    used = 60;
    expect(() => budget.chargeCpu()).not.toThrow();
    used = 100;
    expect(() => budget.chargeCpu()).not.toThrow();
    used = 101;
    expect(() => budget.chargeCpu()).toThrow(
      expect.objectContaining({ code: 'chapter_too_large' }) as unknown as Error,
    );
  });
});
