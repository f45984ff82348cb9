import type { INestApplicationContext } from '@nestjs/common';
import {
  type ChapterResponse,
  type ChapterUploadResponse,
  chapterPath,
  IngestProgressEventSchema,
  INGEST_FAILURE_CODES,
  INGEST_LIMITS,
  INGEST_MESSAGES,
  REALTIME_EVENTS,
  INGEST_ROUTES,
  routePath,
} from '@warraq/contracts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildZip, zipOfPages } from '@warraq/test-media';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import {
  closeSocket,
  declare,
  declareBody,
  getStatus,
  imageFile,
  jpegPages,
  type OpenSocket,
  openSocket,
  retry,
  settled,
  startWorker,
  uploadChapter,
  waitForUpload,
  zipFile,
  uploaderCast,
  uploadFolderGone,
} from './ingest-helpers';
import { makePageJpeg } from '@warraq/test-media';
import { createTestApp, type TestApp } from './test-app';

interface PageRow {
  index: number;
  source_index: number;
  width: number;
  height: number;
  media_key: string;
}

// Uploads, processing and (re)connections take seconds, not the default five-second budget.
jest.setTimeout(30_000);

describe('chapter ingest through a real worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let uploader: TestUser;
  let cookie: string;
  let otherCookie: string;
  let moderatorCookie: string;
  let series: TestSeries;
  let chapterNumber = 0;
  const nextNumber = () => ++chapterNumber;
  const sockets: OpenSocket[] = [];

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);
  const pagesOf = (chapterId: number) =>
    sql<PageRow>(
      'select index, source_index, width, height, media_key from page where chapter_id = ? order by index',
      [chapterId],
    );
  const readChapter = (c: string | null, number: number, chapterId: number) => {
    const req = t.api().get(`/api/series/manga/${series.slug}/${number}?variant=${chapterId}`);
    return c ? req.set('Cookie', c) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    ({ uploader, cookie, otherCookie, moderatorCookie } = await uploaderCast(t));
    series = await newSeries(t.orm);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => closeSocket(s.ws)));
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('publishes an image chapter pending review: pages in order, sizes stored, originals gone, progress live', async () => {
    const sizes = [
      { width: 200, height: 300 },
      { width: 220, height: 320 },
      { width: 240, height: 340 },
    ];
    const bytes = await Promise.all(sizes.map((size, n) => makePageJpeg(n + 1, size)));
    const mine = await openSocket(t, cookie);
    const theirs = await openSocket(t, otherCookie);
    sockets.push(mine, theirs);
    const number = nextNumber();

    const id = await uploadChapter(
      t,
      cookie,
      series.id,
      'images',
      bytes.map((b, i) => imageFile(`page-${3 - i}.jpg`, b)),
      { chapterNumber: number, translationGroup: 'فريق' },
    );
    const record = await waitForUpload(t, id, settled);
    expect(record).toMatchObject({ state: 'done', processed: 3, total: 3, failure: null });
    const chapterId = record.chapter_id!;

    const status = (await getStatus(t, cookie, id)).body as ChapterUploadResponse;
    expect(status.upload.chapterPath).toBe(chapterPath('manga', series.slug, number, chapterId));

    const [chapter] = await sql<{
      moderation_status: string;
      uploader_id: number;
      page_count: number;
      published_at: Date | null;
    }>('select moderation_status, uploader_id, page_count, published_at from chapter where id = ?', [
      chapterId,
    ]);
    expect(chapter).toEqual({
      moderation_status: 'pending',
      uploader_id: uploader.id,
      page_count: 3,
      published_at: null,
    });
    // Declared order wins over names for images; each page keeps its own dimensions.
    const pages = await pagesOf(chapterId);
    expect(pages.map((p) => [p.index, p.source_index, p.width, p.height])).toEqual(
      sizes.map((s, i) => [i, i, s.width, s.height]),
    );
    expect(await uploadFolderGone(t, id)).toBe(true);

    // A pending chapter: its uploader and staff read it, a guest and another reader do not.
    const asUploader = await readChapter(cookie, number, chapterId);
    expect(asUploader.status).toBe(200);
    const data = (asUploader.body as ChapterResponse).data;
    expect(data.id).toBe(chapterId);
    expect(data.pages.map((p) => [p.width, p.height])).toEqual(sizes.map((s) => [s.width, s.height]));
    expect((await readChapter(moderatorCookie, number, chapterId)).status).toBe(200);
    expect((await readChapter(null, number, chapterId)).status).toBe(404);
    expect((await readChapter(otherCookie, number, chapterId)).status).toBe(404);
    const image = await t.api().get(data.images[0]!.replace(/^https?:\/\/[^/]+/, ''));
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    // Live progress reached the uploader's socket, ending done, and no one else's.
    await waitFor(() => lastProgress(mine)?.data.state === 'done');
    const progress = mine.frames
      .filter((f) => (f as { event?: string }).event === REALTIME_EVENTS.ingestProgress)
      .map((f) => IngestProgressEventSchema.parse(f).data);
    expect(progress.every((p) => p.id === id)).toBe(true);
    expect(progress.map((p) => p.state)).toContain('processing');
    expect(progress.at(-1)).toMatchObject({ state: 'done', processed: 3, total: 3, chapterId });
    const processed = progress.map((p) => p.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(
      theirs.frames.some((f) => (f as { event?: string }).event === REALTIME_EVENTS.ingestProgress),
    ).toBe(false);
  });

  it('publishes a zip chapter in the natural order of its names (2 before 10, Arabic-Indic digits too)', async () => {
    // Page k is k*8 px wider than the base, so the stored order can be read back from the widths.
    const named = ['10.jpg', '٣.jpg', '1.jpg', '2.jpg'];
    const value = (name: string) => Number(name.replace('٣', '3').replace('.jpg', ''));
    const entries = await Promise.all(
      named.map(async (name) => ({
        name,
        data: await makePageJpeg(value(name), { width: 200 + value(name) * 8, height: 300 }),
      })),
    );
    const number = nextNumber();
    const id = await uploadChapter(t, cookie, series.id, 'zip', [zipFile(zipOfPages(entries))], {
      chapterNumber: number,
    });
    const record = await waitForUpload(t, id, settled);
    expect(record).toMatchObject({ state: 'done', processed: 4, total: 4 });
    const pages = await pagesOf(record.chapter_id!);
    expect(pages.map((p) => p.width)).toEqual([1, 2, 3, 10].map((k) => 200 + k * 8));
    expect(pages.map((p) => p.index)).toEqual([0, 1, 2, 3]);
    expect(await uploadFolderGone(t, id)).toBe(true);
  });

  it('fails hostile zips with the reason in Arabic, keeps nothing of them, and goes on working', async () => {
    const [page] = await jpegPages(1);
    const hostile: [string, Buffer, string][] = [
      [
        'path',
        buildZip([
          { name: '1.jpg', data: page! },
          { name: '../../evil.jpg', data: page! },
        ]),
        'zip_unsafe_path',
      ],
      [
        'symlink',
        buildZip([{ name: 'page.jpg', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]),
        'zip_symlink',
      ],
      ['encrypted', buildZip([{ name: '1.jpg', data: page!, encrypted: true }]), 'zip_encrypted'],
      [
        'nested',
        buildZip([
          { name: '1.jpg', data: page! },
          { name: 'inner.zip', data: buildZip([{ name: 'x.jpg', data: page! }]) },
        ]),
        'zip_nested_archive',
      ],
      ['bomb', buildZip([{ name: 'bomb.jpg', data: Buffer.alloc(8 * 1024 * 1024) }]), 'zip_ratio'],
      [
        'lying size',
        buildZip([
          {
            name: '1.jpg',
            data: Buffer.concat([page!, Buffer.alloc(2_000_000)]),
            declaredSize: page!.length,
          },
        ]),
        'zip_too_large',
      ],
      ['empty', buildZip([]), 'zip_empty'],
    ];
    const ids: string[] = [];
    for (const [, zip] of hostile) {
      ids.push(
        await uploadChapter(t, cookie, series.id, 'zip', [zipFile(zip)], { chapterNumber: nextNumber() }),
      );
    }
    // And an honest chapter behind them: the worker survived every one.
    const honest = await uploadChapter(t, cookie, series.id, 'images', [imageFile('1.jpg', page!)], {
      chapterNumber: nextNumber(),
    });

    for (const [i, id] of ids.entries()) {
      const record = await waitForUpload(t, id, settled);
      const [label, , code] = hostile[i]!;
      expect({ label, state: record.state, code: record.failure?.code }).toEqual({
        label,
        state: 'failed',
        code,
      });
      expect(record.failure?.message).toMatch(/[\u0600-\u06FF]/);
      expect(record.chapter_id).toBeNull();
      // The files themselves were at fault: nothing of them is kept (a retry could not cure them).
      expect(await uploadFolderGone(t, id)).toBe(true);
      const status = (await getStatus(t, cookie, id)).body as ChapterUploadResponse;
      expect(status.upload.failure).toEqual(record.failure);
      expect(INGEST_FAILURE_CODES).toContain(status.upload.failure!.code);
    }
    expect((await waitForUpload(t, honest, settled)).state).toBe('done');
    const [{ n }] = (await sql<{ n: number }>(
      `select count(*)::int as n from chapter c join chapter_upload u on u.chapter_id = c.id where u.id in (${ids.map(() => '?').join(',')})`,
      ids,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('a corrupt upload fails leaving nothing behind, and is not offered a retry', async () => {
    const [page] = await jpegPages(1);
    // Truncated: starts like a JPEG (accepted on arrival), cannot be decoded.
    const corrupt = page!.subarray(0, 600);
    const bad = await uploadChapter(t, cookie, series.id, 'images', [imageFile('1.jpg', corrupt)], {
      chapterNumber: nextNumber(),
    });
    expect(await waitForUpload(t, bad, settled)).toMatchObject({
      state: 'failed',
      failure: { code: 'corrupt_image' },
    });
    expect(await uploadFolderGone(t, bad)).toBe(true);
    const staged = await sql<{ n: number }>(
      'select count(*)::int as n from upload_media where upload_id = ?',
      [bad],
    );
    expect(staged[0]!.n).toBe(0);
    const retried = await retry(t, cookie, bad);
    expect([retried.status, retried.body.message]).toEqual([409, INGEST_MESSAGES.notRetryable]);
  });

  it('a failed upload counts as open while it keeps its originals for a retry, and not after', async () => {
    const person = await newUser(t.orm);
    const personCookie = await signIn(t, person);
    const [page] = await jpegPages(1);
    const number = nextNumber();
    const maxOpen = t.config.ingest.maxOpenUploads;
    // Three uploads of one chapter number while no worker runs: one is published, the others fail as
    // duplicates — a failure a retry can cure once the variant is freed, so their originals stay.
    await worker.close();
    const ids: string[] = [];
    for (let i = 0; i < INGEST_LIMITS.maxQueuedPerUser; i++) {
      ids.push(
        await uploadChapter(t, personCookie, series.id, 'images', [imageFile('1.jpg', page!)], {
          chapterNumber: number,
        }),
      );
    }
    worker = await startWorker(t);
    const records = await Promise.all(ids.map((id) => waitForUpload(t, id, settled)));
    const duplicates = ids.filter((_, i) => records[i]!.failure?.code === 'duplicate_chapter');
    expect(duplicates).toHaveLength(INGEST_LIMITS.maxQueuedPerUser - 1);
    for (const id of duplicates) {
      expect(readdirSync(join(t.config.ingest.dir, id, 'originals'))).toEqual(['0']);
    }

    // They hold disk, so they take open-upload slots: the uploader can open only what is left.
    const declareOne = () =>
      declare(
        t,
        personCookie,
        declareBody(series.id, 'images', [imageFile('1.jpg', page!)], {
          chapterNumber: nextNumber(),
        }),
      );
    const opened: string[] = [];
    for (let i = duplicates.length; i < maxOpen; i++) {
      const res = await declareOne();
      expect(res.status).toBe(201);
      opened.push((res.body as ChapterUploadResponse).upload.id);
    }
    const refused = await declareOne();
    expect([refused.status, refused.body.message]).toEqual([429, INGEST_MESSAGES.tooManyUploads]);

    // Deleting a failed one frees its slot and its files.
    const removed = await t
      .api()
      .delete(routePath(INGEST_ROUTES.remove, { id: duplicates[0]! }))
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', personCookie);
    expect(removed.status).toBe(200);
    expect(existsSync(join(t.config.ingest.dir, duplicates[0]!))).toBe(false);
    expect((await declareOne()).status).toBe(201);
  });

  it('refuses at publish time a variant that appeared while it was processing, and lets it retry once freed', async () => {
    const [page] = await jpegPages(1);
    const number = nextNumber();
    await worker.close();
    // Both declared and committed while no worker runs: neither sees the other's chapter yet.
    const a = await uploadChapter(t, cookie, series.id, 'images', [imageFile('1.jpg', page!)], {
      chapterNumber: number,
    });
    const b = await uploadChapter(t, cookie, series.id, 'images', [imageFile('1.jpg', page!)], {
      chapterNumber: number,
    });
    worker = await startWorker(t);
    const [ra, rb] = [await waitForUpload(t, a, settled), await waitForUpload(t, b, settled)];
    expect(ra.state).toBe('done');
    expect(rb).toMatchObject({
      state: 'failed',
      failure: { code: 'duplicate_chapter', message: INGEST_MESSAGES.duplicateChapter },
    });
    expect(
      (
        await sql<{ n: number }>(
          'select count(*)::int as n from chapter where series_id = ? and number = ?',
          [series.id, number],
        )
      )[0]!.n,
    ).toBe(1);

    await sql(`update chapter set moderation_status = 'rejected' where id = ?`, [ra.chapter_id]);
    expect((await retry(t, cookie, b)).status).toBe(202);
    expect(await waitForUpload(t, b, settled)).toMatchObject({ state: 'done', failure: null });
  });

  it('deletes a failed upload with its originals, but not a done one', async () => {
    const [page] = await jpegPages(1);
    const failed = await uploadChapter(
      t,
      cookie,
      series.id,
      'images',
      [imageFile('1.jpg', page!.subarray(0, 600))],
      {
        chapterNumber: nextNumber(),
      },
    );
    const done = await uploadChapter(t, cookie, series.id, 'images', [imageFile('1.jpg', page!)], {
      chapterNumber: nextNumber(),
    });
    await waitForUpload(t, failed, settled);
    await waitForUpload(t, done, settled);
    const del = (id: string) =>
      t
        .api()
        .delete(routePath(INGEST_ROUTES.remove, { id: id }))
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', cookie);
    const refused = await del(done);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(INGEST_MESSAGES.notDeletable);
    expect((await del(failed)).status).toBe(200);
    expect(existsSync(join(t.config.ingest.dir, failed))).toBe(false);
  });
});

function lastProgress(socket: OpenSocket) {
  const frames = socket.frames.filter(
    (f) => (f as { event?: string }).event === REALTIME_EVENTS.ingestProgress,
  );
  const last = frames.at(-1);
  return last ? IngestProgressEventSchema.parse(last) : undefined;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
