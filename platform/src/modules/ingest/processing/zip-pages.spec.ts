import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZIP_LIMITS, type ZipLimits } from './processing.limits';
import { IngestRejection } from './processing.types';
import { buildZip, type ZipEntrySpec } from '@warraq/test-media';
import { extractZipPages } from './zip-pages';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'warraq-zip-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function extract(entries: ZipEntrySpec[], limits: ZipLimits = ZIP_LIMITS) {
  const zipPath = join(root, 'upload');
  await writeFile(zipPath, buildZip(entries));
  return extractZipPages(zipPath, 'ch.zip', join(root, 'entries'), { limits });
}

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

describe('extractZipPages', () => {
  it('writes each page to a numbered file in natural order, never under its own name', async () => {
    const pages = await extract([
      { name: 'b/10.jpg', data: bytes(10, 1) },
      { name: 'b/9.jpg', data: bytes(9, 2) },
      { name: 'a/1.jpg', data: bytes(1, 3), method: 'store' },
    ]);
    expect(pages.map((p) => p.name)).toEqual(['a/1.jpg', 'b/9.jpg', 'b/10.jpg']);
    expect((await readdir(join(root, 'entries'))).sort()).toEqual(['0', '1', '2']);
    expect(await readFile(join(root, 'entries', '2'))).toEqual(bytes(10, 1));
  });

  it('counts the pages before inflating any of them', async () => {
    const zipPath = join(root, 'upload');
    await writeFile(
      zipPath,
      buildZip([
        { name: '1.jpg', data: bytes(5, 1) },
        { name: '2.jpg', data: bytes(5, 2) },
      ]),
    );
    let listed = -1;
    let filesWhenListed: string[] = ['not called'];
    await extractZipPages(zipPath, 'ch.zip', join(root, 'entries'), {
      onListed: async (count) => {
        listed = count;
        filesWhenListed = await readdir(join(root, 'entries')).catch(() => []);
      },
    });
    expect(listed).toBe(2);
    expect(filesWhenListed).toEqual([]);
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

  it('stops between entries when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const zipPath = join(root, 'upload');
    await writeFile(zipPath, buildZip([{ name: '1.jpg', data: bytes(5, 1) }]));
    await expect(
      extractZipPages(zipPath, 'ch.zip', join(root, 'entries'), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
