import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { LocalDiskMediaStorage } from '../../media/local-disk-media.storage';
import type { MediaStorage } from '../../media/media-storage';
import { processChapterSource } from './process-chapter';
import { IngestRejection, type IngestSource, type ProcessedPage } from './processing.types';
import { jpegClaimingSize, makePageJpeg, makePagePng, pngClaimingSize } from '@warraq/test-media';
import { buildZip, type ZipEntrySpec, zipOfPages } from '@warraq/test-media';

/** Small pages keep the suite fast; each page's height is distinct, so order shows in the output. */
const W = 160;
const pageJpeg = (n: number, height = 200 + n) => makePageJpeg(n, { width: W, height });

let root: string;
let storage: LocalDiskMediaStorage;
const workDir = () => join(root, 'work');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'warraq-ingest-'));
  storage = new LocalDiskMediaStorage(join(root, 'media'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes the originals where the upload API would keep them, outside the work folder. */
async function source(method: IngestSource['method'], files: { name: string; data: Buffer }[]) {
  await mkdir(join(root, 'originals'), { recursive: true });
  const stored: IngestSource['files'] = [];
  for (const [i, file] of files.entries()) {
    const path = join(root, 'originals', String(i));
    await writeFile(path, file.data);
    stored.push({ path, name: file.name });
  }
  return { method, files: stored } satisfies IngestSource;
}

function process(src: IngestSource, options: Partial<Parameters<typeof processChapterSource>[1]> = {}) {
  return processChapterSource(src, { workDir: workDir(), storage, ...options });
}

async function processZip(entries: ZipEntrySpec[], name = 'chapter.zip') {
  return process(await source('zip', [{ name, data: buildZip(entries) }]));
}

async function rejection(run: Promise<unknown>): Promise<IngestRejection> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IngestRejection);
  return error as IngestRejection;
}

/** Every file under the test folder that is not an original, a stored media object or in the work folder. */
async function strayFiles(): Promise<string[]> {
  const all = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => join(entry.parentPath, entry.name));
  return all.filter(
    (path) =>
      !path.startsWith(join(root, 'originals')) &&
      !path.startsWith(join(root, 'media')) &&
      !path.startsWith(workDir()),
  );
}

async function storedImage(page: ProcessedPage | string): Promise<Buffer> {
  const key = typeof page === 'string' ? page : page.mediaKey;
  const media = await storage.open(key);
  if (!media) throw new Error(`${key} was not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of media.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Which WebP bitstream a file holds: VP8L is lossless, "VP8 " lossy. */
const webpKind = (bytes: Buffer) => bytes.subarray(12, 16).toString('latin1');

describe('processChapterSource: zip', () => {
  it('outputs pages in the natural order of their names, skipping only archiver junk', async () => {
    const numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const shuffledNames = [10, 3, 1, 12, 7, 2, 11, 5, 9, 4, 8, 6];
    const entries: ZipEntrySpec[] = [
      { name: 'chapter/' },
      { name: '__MACOSX/chapter/._page 1.jpg', data: Buffer.from('resource fork') },
      { name: 'chapter/.DS_Store', data: Buffer.from('finder') },
      { name: 'chapter/Thumbs.db', data: Buffer.from('thumbs') },
    ];
    for (const n of shuffledNames) entries.push({ name: `chapter/page ${n}.jpg`, data: await pageJpeg(n) });
    const totals: number[] = [];
    const progress: number[] = [];
    const pages = await process(await source('zip', [{ name: 'ch.zip', data: buildZip(entries) }]), {
      onTotal: (total) => {
        totals.push(total);
      },
      onPage: (done, total) => {
        progress.push(done);
        expect(total).toBe(12);
      },
    });

    expect(pages.map((p) => p.height)).toEqual(numbers.map((n) => 200 + n));
    expect(pages.map((p) => p.index)).toEqual(numbers.map((n) => n - 1));
    expect(pages.map((p) => p.sourceIndex)).toEqual(numbers.map((n) => n - 1));
    expect(pages.every((p) => p.width === W)).toBe(true);
    expect(totals).toEqual([12]);
    expect(progress).toEqual(numbers);
    const first = await sharp(await storedImage(pages[0] as ProcessedPage)).metadata();
    expect([first.format, first.width, first.height]).toEqual(['webp', W, 201]);
    expect(await readdir(workDir())).toEqual([]);
    expect(await strayFiles()).toEqual([]);
  });

  it('orders Arabic-Indic page numbers by value', async () => {
    const pages = await processZip([
      { name: '١٠.jpg', data: await pageJpeg(10) },
      { name: '٢.jpg', data: await pageJpeg(2) },
      { name: '۱.jpg', data: await pageJpeg(1) },
    ]);
    expect(pages.map((p) => p.height)).toEqual([201, 202, 210]);
  });

  it('gives the same keys when run again from scratch (a restart after a crash)', async () => {
    const data = zipOfPages(
      await Promise.all([1, 2, 3].map(async (n) => ({ name: `${n}.jpg`, data: await pageJpeg(n) }))),
    );
    const src = await source('zip', [{ name: 'ch.zip', data }]);
    const first = await process(src);
    // A crashed run leaves its scratch files behind; the next run must not trip over them.
    await mkdir(join(workDir(), 'entries'), { recursive: true });
    await writeFile(join(workDir(), 'entries', '0'), 'half-written by the crashed run');
    const second = await process(src);
    expect(second).toEqual(first);
    expect(new Set(first.map((p) => p.mediaKey)).size).toBe(3);
  });
});

describe('processChapterSource: images', () => {
  it('keeps the order the uploader declared, whatever the names say', async () => {
    const pages = await process(
      await source('images', [
        { name: '10.jpg', data: await pageJpeg(10) },
        { name: '2.jpg', data: await pageJpeg(2) },
        { name: 'غلاف.png', data: await makePagePng(3, { width: W, height: 203 }) },
      ]),
    );
    expect(pages.map((p) => p.height)).toEqual([210, 202, 203]);
  });

  it('slices a tall strip into stacked slices of one source page', async () => {
    const pages = await process(
      await source('images', [
        { name: 'strip.png', data: await makePagePng(1, { width: 300, height: 4100 }) },
        { name: 'next.jpg', data: await pageJpeg(2) },
      ]),
    );
    expect(pages.map((p) => [p.index, p.sourceIndex, p.width, p.height])).toEqual([
      [0, 0, 300, 1367],
      [1, 0, 300, 1367],
      [2, 0, 300, 1366],
      [3, 1, W, 202],
    ]);
  });

  it('scales wide pages down to the reader width and never up', async () => {
    const pages = await process(
      await source('images', [
        { name: 'big.png', data: await makePagePng(1, { width: 1600, height: 2400 }) },
        { name: 'small.jpg', data: await pageJpeg(2) },
      ]),
    );
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [1200, 1800],
      [W, 202],
    ]);
  });

  it('keeps the lossless rendition of clean line art when it is the smaller, and lossy for scans', async () => {
    const png = await makePagePng(4, { width: 400, height: 600 });
    const pages = await process(
      await source('images', [
        { name: 'art.png', data: png },
        { name: 'scan.jpg', data: await makePageJpeg(4, { width: 400, height: 600 }) },
      ]),
    );
    const art = await storedImage(pages[0] as ProcessedPage);
    const lossy = await sharp(png).webp({ quality: 75, effort: 1 }).toBuffer();
    expect(webpKind(art)).toBe('VP8L');
    expect(art.length).toBeLessThan(lossy.length);
    expect(art.length).toBeLessThan(png.length);
    expect(webpKind(await storedImage(pages[1] as ProcessedPage))).toBe('VP8 ');
  });

  it('encodes the copies of line art losslessly and those of scans lossy, and stores a photo-like PNG lossy', async () => {
    const size = { width: 1000, height: 1500 };
    const scan = await makePageJpeg(5, size);
    const pages = await process(
      await source('images', [
        { name: 'art.png', data: await makePagePng(5, size) },
        { name: 'scan.jpg', data: scan },
        // A scan saved as PNG: lossless would be several times the lossy size, so it is not kept.
        { name: 'scan.png', data: await sharp(scan).png().toBuffer() },
      ]),
    );
    const kinds = async (page: ProcessedPage) => [
      webpKind(await storedImage(page)),
      ...(await Promise.all(page.renditions.map(async (r) => webpKind(await storedImage(r.mediaKey))))),
    ];
    expect(pages.map((p) => p.renditions.map((r) => r.width))).toEqual([
      [600, 900],
      [600, 900],
      [600, 900],
    ]);
    expect(await kinds(pages[0]!)).toEqual(['VP8L', 'VP8L', 'VP8L']);
    expect(await kinds(pages[1]!)).toEqual(['VP8 ', 'VP8 ', 'VP8 ']);
    expect(await kinds(pages[2]!)).toEqual(['VP8 ', 'VP8 ', 'VP8 ']);
  });

  it('strips EXIF (camera, GPS) and applies its orientation', async () => {
    const photo = await makePageJpeg(5, { width: W, height: 240, exif: true, orientation: 6 });
    expect(photo.includes('WarraqTestCam')).toBe(true);
    const [page] = await process(await source('images', [{ name: 'photo.jpg', data: photo }]));
    const stored = await storedImage(page as ProcessedPage);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('WarraqTestCam')).toBe(false);
    expect([page?.width, page?.height]).toEqual([240, W]);
  });
});

describe('processChapterSource: work folder, progress and failures', () => {
  it('stops between pages when aborted, with an abort error and not a rejection', async () => {
    const controller = new AbortController();
    const src = await source(
      'images',
      await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => ({ name: `${n}.jpg`, data: await pageJpeg(n) }))),
    );
    const done: number[] = [];
    const error = await process(src, {
      signal: controller.signal,
      onPage: (count) => {
        done.push(count);
        controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(IngestRejection);
    expect((error as { name?: string }).name).toBe('AbortError');
    expect(done.length).toBeLessThan(6);
  });

  it('lets storage errors through untouched, so the job is retried', async () => {
    const failing = new (class extends LocalDiskMediaStorage {
      override put(): ReturnType<MediaStorage['put']> {
        return Promise.reject(
          Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
        );
      }
    })(join(root, 'media'));
    const error = await processChapterSource(
      await source('images', [{ name: '1.jpg', data: await pageJpeg(1) }]),
      {
        workDir: workDir(),
        storage: failing,
      },
    ).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(IngestRejection);
    expect((error as Error).message).toContain('ENOSPC');
  });

  it('refuses to run with the originals inside the work folder (emptying it would lose them)', async () => {
    await mkdir(workDir(), { recursive: true });
    const path = join(workDir(), 'original.jpg');
    await writeFile(path, await pageJpeg(1));
    await expect(process({ method: 'images', files: [{ path, name: '1.jpg' }] })).rejects.toThrow(
      /outside the work folder/,
    );
    expect(await readFile(path)).toBeInstanceOf(Buffer);
  });
});

describe('processChapterSource: hostile archives', () => {
  let page: Buffer;
  beforeAll(async () => {
    page = await pageJpeg(1);
  });

  it.each([
    ['a parent segment', '../evil.jpg'],
    ['a deeper parent segment', 'chapter/../../evil.jpg'],
    ['an absolute path', '/tmp/evil.jpg'],
    ['a drive letter', 'C:\\evil.jpg'],
    ['a backslash', 'chapter\\evil.jpg'],
  ])('refuses an entry name with %s and writes nothing outside its folder', async (_label, name) => {
    const error = await rejection(
      processZip([
        { name: '1.jpg', data: page },
        { name, data: page },
      ]),
    );
    expect(error.code).toBe('zip_unsafe_path');
    expect(error.message).toContain('مسار غير آمن');
    expect(await strayFiles()).toEqual([]);
  });

  it('refuses symlink entries', async () => {
    const error = await rejection(
      processZip([{ name: 'page.jpg', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]),
    );
    expect(error.code).toBe('zip_symlink');
    expect(error.file).toBe('page.jpg');
    expect(await strayFiles()).toEqual([]);
  });

  it('accepts ordinary Unix file modes', async () => {
    const pages = await processZip([{ name: '1.jpg', data: page, unixMode: 0o100644 }]);
    expect(pages).toHaveLength(1);
  });

  it.each([
    ['traditional', { encrypted: true }],
    ['strong', { encrypted: true, flags: 0x40 }],
  ])('refuses %s encryption', async (_label, flags) => {
    const error = await rejection(processZip([{ name: '1.jpg', data: page, ...flags }]));
    expect(error.code).toBe('zip_encrypted');
    expect(error.message).toBe('الأرشيف محمي بكلمة مرور، يرجى رفعه دون تشفير');
  });

  it.each([
    ['named .zip', 'inner.zip', () => buildZip([{ name: '1.jpg', data: page }])],
    ['named .cbr', 'inner.cbr', () => Buffer.from('Rar!\x1a\x07\x00rest', 'latin1')],
    ['a zip named .jpg', '2.jpg', () => buildZip([{ name: '1.jpg', data: page }])],
    ['a rar named .jpg', '2.jpg', () => Buffer.from('Rar!\x1a\x07\x01\x00rest', 'latin1')],
    ['a 7z named .png', '2.png', () => Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4])],
    ['a gzip named .webp', '2.webp', () => gzipSync(page)],
  ])('refuses a nested archive %s', async (_label, name, data) => {
    const error = await rejection(
      processZip([
        { name: '1.jpg', data: page },
        { name, data: data() },
      ]),
    );
    expect(error.code).toBe('zip_nested_archive');
    expect(error.file).toBe(name);
  });

  it('refuses an entry that inflates past the size it declares', async () => {
    const error = await rejection(
      processZip([
        { name: '1.jpg', data: Buffer.concat([page, Buffer.alloc(2_000_000)]), declaredSize: page.length },
      ]),
    );
    expect(error.code).toBe('zip_too_large');
    expect(await strayFiles()).toEqual([]);
  });

  it('refuses an entry that inflates to less than it declares', async () => {
    const error = await rejection(
      processZip([{ name: '1.jpg', data: page, declaredSize: page.length + 1000 }]),
    );
    expect(error.code).toBe('zip_corrupt');
  });

  it('refuses a stored entry whose sizes disagree', async () => {
    const error = await rejection(
      processZip([{ name: '1.jpg', data: page, method: 'store', declaredCompressedSize: page.length - 10 }]),
    );
    expect(error.code).toBe('zip_corrupt');
  });

  it('refuses a suspicious compression ratio (a classic bomb)', async () => {
    const error = await rejection(processZip([{ name: 'bomb.jpg', data: Buffer.alloc(5 * 1024 * 1024) }]));
    expect(error.code).toBe('zip_ratio');
    expect(error.message).toBe('نسبة ضغط مريبة في «bomb.jpg»');
  });

  it('refuses an entry declaring more than the 10 MB image limit before inflating it', async () => {
    const error = await rejection(
      processZip([
        { name: 'huge.png', data: page, declaredSize: 11 * 1024 * 1024, declaredCompressedSize: page.length },
      ]),
    );
    expect(error.code).toBe('image_too_large');
  });

  it('refuses overlapping entries (many records inflating the same bytes)', async () => {
    const error = await rejection(
      processZip([
        { name: '1.jpg', data: page },
        { name: '2.jpg', sameDataAs: 0 },
        { name: '3.jpg', sameDataAs: 0 },
      ]),
    );
    expect(error.code).toBe('zip_corrupt');
  });

  it('refuses more than 300 pages, before inflating any', async () => {
    const entries = Array.from({ length: 301 }, (_, i) => ({
      name: `${i + 1}.jpg`,
      data: Buffer.from([i % 256]),
    }));
    const totals: number[] = [];
    const error = await rejection(
      process(await source('zip', [{ name: 'ch.zip', data: buildZip(entries) }]), {
        onTotal: (total) => {
          totals.push(total);
        },
      }),
    );
    expect(error.code).toBe('zip_too_many_pages');
    expect(error.message).toContain('٣٠٠');
    expect(totals).toEqual([]);
  });

  it('refuses an archive of too many entries, even if most are folders', async () => {
    const entries = Array.from({ length: 2001 }, (_, i) => ({ name: `d${i}/` }));
    expect((await rejection(processZip(entries))).code).toBe('zip_too_many_pages');
  });

  it.each([
    ['only folders and junk', [{ name: 'ch/' }, { name: '__MACOSX/._1.jpg', data: Buffer.from('x') }]],
    ['no entries at all', []],
  ])('refuses an archive with %s as empty', async (_label, entries: ZipEntrySpec[]) => {
    const error = await rejection(processZip(entries));
    expect(error.code).toBe('zip_empty');
    expect(error.message).toBe('الأرشيف لا يحتوي على أي صورة');
  });

  it('refuses a file that is not a zip at all', async () => {
    const error = await rejection(process(await source('zip', [{ name: 'ch.zip', data: page }])));
    expect(error.code).toBe('not_a_zip');
  });

  it('refuses a truncated zip', async () => {
    const zip = zipOfPages([
      { name: '1.jpg', data: page },
      { name: '2.jpg', data: page },
    ]);
    const error = await rejection(
      process(await source('zip', [{ name: 'ch.zip', data: zip.subarray(0, zip.length - 40) }])),
    );
    expect(error.code).toBe('zip_corrupt');
  });

  it('refuses an entry whose bytes fail their checksum', async () => {
    const error = await rejection(processZip([{ name: '1.jpg', data: page, crc32: 12345 }]));
    expect(error.code).toBe('zip_corrupt');
  });

  it('refuses corrupt deflate data', async () => {
    const garbage = Buffer.from(deflateRawSync(page));
    garbage.fill(0xff, 10, 60);
    const zip = buildZip([{ name: '1.jpg', data: garbage, method: 'store', crc32: 0 }]);
    // Mark the stored garbage as deflated, keeping its declared sizes plausible.
    zip.writeUInt16LE(8, 8);
    zip.writeUInt16LE(8, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect((await rejection(process(await source('zip', [{ name: 'ch.zip', data: zip }])))).code).toBe(
      'zip_corrupt',
    );
  });

  it('refuses compression methods it cannot read (LZMA)', async () => {
    const error = await rejection(processZip([{ name: '1.jpg', data: page, method: 14 }]));
    expect(error.code).toBe('zip_corrupt');
    expect(error.message).toContain('«1.jpg»');
  });

  it('refuses two files in a zip upload', async () => {
    const zip = zipOfPages([{ name: '1.jpg', data: page }]);
    const src = await source('zip', [
      { name: 'a.zip', data: zip },
      { name: 'b.zip', data: zip },
    ]);
    expect((await rejection(process(src))).code).toBe('not_a_zip');
  });
});

describe('processChapterSource: hostile pages', () => {
  let page: Buffer;
  beforeAll(async () => {
    page = await pageJpeg(1);
  });

  it('refuses an entry that is not an image, naming it', async () => {
    const error = await rejection(
      processZip([
        { name: '1.jpg', data: page },
        { name: 'notes.txt', data: Buffer.from('translator notes') },
      ]),
    );
    expect(error.code).toBe('not_an_image');
    expect(error.message).toBe('الملف «notes.txt» ليس صورة JPG أو PNG أو WebP');
  });

  it.each([
    ['a PDF named .jpg', Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1')],
    ['a GIF named .jpg', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an SVG named .jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an empty file', Buffer.alloc(0)],
  ])('judges by bytes, not names: refuses %s', async (_label, data) => {
    const error = await rejection(process(await source('images', [{ name: 'page.jpg', data }])));
    expect(error.code).toBe('not_an_image');
    expect(error.file).toBe('page.jpg');
  });

  it.each([
    ['a PNG claiming 100000 × 100000', () => pngClaimingSize(100_000, 100_000)],
    ['a JPEG claiming 60000 × 60000', async () => jpegClaimingSize(await pageJpeg(1), 60_000, 60_000)],
    ['an absurdly thin PNG under the pixel ceiling', () => pngClaimingSize(1, 20_000)],
  ])('refuses %s from its header, without decoding it', async (_label, make) => {
    const error = await rejection(
      process(await source('images', [{ name: 'bomb.png', data: await make() }])),
    );
    expect(error.code).toBe('pixels_too_many');
    expect(error.message).toBe('أبعاد الصورة «bomb.png» كبيرة جدًا');
  });

  it.each([
    ['JPEG', () => pageJpeg(1)],
    ['PNG', () => makePagePng(1, { width: W, height: 200 })],
  ])('refuses a truncated %s', async (_label, make) => {
    const whole = await make();
    const error = await rejection(
      processZip([{ name: 'cut.img', data: whole.subarray(0, Math.floor(whole.length / 2)) }]),
    );
    expect(error.code).toBe('corrupt_image');
    expect(error.message).toBe('الصورة «cut.img» تالفة أو غير مكتملة');
  });

  it('refuses an image over 10 MB', async () => {
    const big = Buffer.concat([page, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await rejection(process(await source('images', [{ name: 'big.jpg', data: big }])))).code).toBe(
      'image_too_large',
    );
  });

  it('refuses more than 300 images', async () => {
    const files = Array.from({ length: 301 }, (_, i) => ({ name: `${i}.jpg`, data: page }));
    const error = await rejection(process(await source('images', files)));
    expect(error.code).toBe('zip_too_many_pages');
    expect(error.message).toContain('٣٠٠');
  });

  it.each([
    ['a zip entry with a right-to-left override', 'zip', 'gpj.\u202eexe.jpg'],
    ['a zip entry with a zero-width space', 'zip', '1\u200b.jpg'],
    ['an image with a right-to-left mark', 'images', '\u200f1.jpg'],
    ['an image with an Arabic letter mark', 'images', 'صفحة\u061c.jpg'],
  ] as const)('refuses %s, showing where the hidden character is', async (_label, method, name) => {
    const run =
      method === 'zip'
        ? processZip([{ name, data: page }])
        : process(await source('images', [{ name, data: page }]));
    const error = await rejection(run);
    expect(error.code).toBe('hidden_characters');
    expect(error.message).toMatch(/\[U\+[0-9A-F]{4}\]/);
    expect(error.message).not.toMatch(/[\u200b\u200f\u202e\u061c]/);
  });
});
