import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZIP_LIMITS, type ZipLimits } from './processing.limits';
import { IngestRejection } from './processing.types';
import { buildZip, type ZipEntrySpec } from '@warraq/test-media';
import { openZipPages } from './zip-pages';
import { reject } from './rejections';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'warraq-zip-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every page of an archive, in order, read as the pipeline reads them (one at a time, in memory). */
async function extract(entries: ZipEntrySpec[], limits: ZipLimits = ZIP_LIMITS) {
  const zipPath = join(root, 'upload');
  await writeFile(zipPath, buildZip(entries));
  const archive = await openZipPages(zipPath, 'ch.zip', limits);
  try {
    const pages: { name: string; data: Buffer }[] = [];
    for (const [index, name] of archive.names.entries())
      pages.push({ name, data: await archive.read(index) });
    return pages;
  } finally {
    archive.close();
  }
}

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

describe('openZipPages', () => {
  it('reads each page in natural order into memory, writing nothing to disk', async () => {
    const pages = await extract([
      { name: 'b/10.jpg', data: bytes(10, 1) },
      { name: 'b/9.jpg', data: bytes(9, 2) },
      { name: 'a/1.jpg', data: bytes(1, 3), method: 'store' },
    ]);
    expect(pages.map((p) => p.name)).toEqual(['a/1.jpg', 'b/9.jpg', 'b/10.jpg']);
    expect(pages[2]!.data).toEqual(bytes(10, 1));
    expect(await readdir(root)).toEqual(['upload']);
  });

  it('lists the pages before inflating any, and refuses a page at its first bytes', async () => {
    const zipPath = join(root, 'upload');
    // A "page" of 5 MB whose first bytes already say it is not one (the disk amplifier's shape).
    await writeFile(
      zipPath,
      buildZip([
        { name: '1.jpg', data: bytes(5, 1) },
        { name: '2.jpg', data: bytes(5 * 1024 * 1024, 2), method: 'store' },
      ]),
    );
    const archive = await openZipPages(zipPath, 'ch.zip');
    try {
      expect(archive.names).toEqual(['1.jpg', '2.jpg']);
      let judged: number[] = [];
      const refusal = reject.notAnImage('2.jpg');
      const error = await archive
        .read(1, (head) => {
          judged = [head.length];
          return refusal;
        })
        .catch((e: unknown) => e);
      expect(error).toBe(refusal);
      // Judged on its first bytes, not on the whole 5 MB.
      expect(judged[0]).toBeLessThan(1024);
    } finally {
      archive.close();
    }
    // A zip inside the archive is refused as one, whatever the page check would say.
    const nested = await extract([
      { name: 'x.jpg', data: buildZip([{ name: 'a', data: bytes(300, 1) }]) },
    ]).catch((e: unknown) => e);
    expect((nested as IngestRejection).code).toBe('zip_nested_archive');
  });

  it('refuses an archive whose pages together declare more than the total limit', async () => {
    const limits = { ...ZIP_LIMITS, maxTotalBytes: 1000 };
    const error = await extract(
      [
        { name: '1.jpg', data: bytes(600, 1) },
        { name: '2.jpg', data: bytes(600, 2) },
      ],
      limits,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestRejection);
    expect((error as IngestRejection).code).toBe('zip_too_large');
    expect(await readdir(root)).toEqual(['upload']);
  });

  it('applies the ratio cap only above the exemption size', async () => {
    const limits = { ...ZIP_LIMITS, ratioExemptBytes: 1000, maxRatio: 10 };
    await expect(extract([{ name: 'flat.png', data: bytes(900, 0) }], limits)).resolves.toHaveLength(1);
    const error = await extract([{ name: 'flat.png', data: bytes(5000, 0) }], limits).catch(
      (e: unknown) => e,
    );
    expect((error as IngestRejection).code).toBe('zip_ratio');
  });
});
