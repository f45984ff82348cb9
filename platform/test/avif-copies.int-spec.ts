import type { INestApplicationContext } from '@nestjs/common';
import type { ChapterResponse } from '@warraq/contracts';
import { makePageJpeg } from '@warraq/test-media';
import sharp from 'sharp';
import { AvifCopies } from '../src/modules/ingest/avif-copies';
import { IngestReconciler } from '../src/modules/ingest/ingest.reconciler';
import { MediaCollector } from '../src/modules/media/media-collector';
import { MediaStorage } from '../src/modules/media/media-storage';
import { signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { imageFile, settled, startWorker, uploadChapter, waitForUpload } from './ingest-helpers';
import { type FakeS3, fakeS3Env, startFakeS3 } from './media-fake-s3';
import { createTestApp, type TestApp } from './test-app';

jest.setTimeout(180_000);

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/**
 * Issue 15: AVIF copies are made by a later, low-priority job, never on the upload's path. The chapter
 * is published in WebP; the copies appear afterwards, are served, are known to the collector, and a
 * second run of the job changes nothing, on the local disk and on S3 alike.
 */
describe.each(['local', 's3'] as const)('AVIF copies after publication (%s)', (driverName) => {
  let t: TestApp;
  let s3: FakeS3 | null = null;
  let worker: INestApplicationContext;
  let cookie: string;
  let series: TestSeries;

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);

  const chapterPages = async (chapterId: number) => {
    const response = await t
      .api()
      .get(`/api/series/manga/${series.slug}/1?variant=${chapterId}`)
      .set('Cookie', cookie);
    expect(response.status).toBe(200);
    return (response.body as ChapterResponse).data.pages;
  };

  /** Reads until `done` holds (the job runs in the worker, at its own pace), then returns the last read. */
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 150_000;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      value = await read();
    }
    return value;
  };
  const withCopies = (chapterId: number) =>
    until(
      () => chapterPages(chapterId),
      (pages) => pages[0]!.avif.length > 0,
    );

  /** The series' first chapter with its AVIF copies taken off its pages again. */
  const chapterWithoutCopies = async () => {
    const [first] = await sql<{ id: number }>(
      'select id from chapter where series_id = ? order by id limit 1',
      [series.id],
    );
    const chapter = first!;
    await sql(
      `update page set renditions = coalesce((select jsonb_agg(r) from jsonb_array_elements(renditions) r
         where r->>'key' not like '%.avif'), '[]'::jsonb) where chapter_id = ?`,
      [chapter.id],
    );
    return chapter;
  };

  beforeAll(async () => {
    if (driverName === 's3') s3 = await startFakeS3();
    t = await createTestApp(s3 ? { env: fakeS3Env(s3.settings()) } : {});
    const uploader = await newUser(t.orm);
    cookie = await signIn(t, uploader);
    series = await newSeries(t.orm);
    worker = await startWorker(t, { WARRAQ_AVIF_DELAY_MS: '10' });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await s3?.close();
  });

  it('publishes the chapter first, then adds AVIF copies the reader API offers and the media route serves', async () => {
    // A scan: AVIF saves most of its bytes (bench/README.md), at every width (600 and 700 here).
    const id = await uploadChapter(
      t,
      cookie,
      series.id,
      'images',
      [imageFile('1.jpg', await makePageJpeg(1, { width: 700, height: 1050 }))],
      { chapterNumber: 1 },
    );
    const record = await waitForUpload(t, id, settled, 60_000);
    expect(record).toMatchObject({ state: 'done' });
    const chapterId = record.chapter_id!;

    const [page] = await withCopies(chapterId);
    expect(page!.avif.map((r) => r.width)).toEqual([600, 700]);
    // The WebP srcset is as it was: AVIF keys never leak into it.
    expect(page!.renditions.map((r) => keyOf(r.url).split('.')[1])).toEqual(['webp', 'webp']);
    const avifKeys = page!.avif.map((r) => keyOf(r.url));
    for (const key of avifKeys) expect(key).toMatch(/\.avif$/);

    // Publication did not wait: the upload was done before the first AVIF object was stored.
    const [order] = await sql<{ avif_after_done: boolean }>(
      `select min(m.created_at) > (select updated_at from chapter_upload where id = ?) as avif_after_done
         from media_object m where m.key = any(?::text[])`,
      [id, `{${avifKeys.join(',')}}`],
    );
    expect(order!.avif_after_done).toBe(true);

    for (const [i, copy] of page!.avif.entries()) {
      const served = await t.api().get(pathOf(copy.url)).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/avif');
      const meta = await sharp(served.body as Buffer).metadata();
      expect([meta.format, meta.width]).toEqual(['heif', copy.width]);
      // Kept only because it pays: smaller than the WebP of the same width.
      const webp = await t.api().get(pathOf(page!.renditions[i]!.url)).buffer(true);
      expect((served.body as Buffer).length).toBeLessThan((webp.body as Buffer).length * 0.9);
    }

    // The collector knows them: a sweep with no grace keeps them, and the ledger counts them.
    await t.app.get(MediaCollector).sweep(0);
    const storage = t.app.get(MediaStorage);
    for (const key of avifKeys) expect(await storage.exists(key)).toBe(true);
    if (s3) for (const key of avifKeys) expect(s3.objects.has(key)).toBe(true);
    const ledger = await sql<{ key: string }>('select key from media_object where key = any(?::text[])', [
      `{${avifKeys.join(',')}}`,
    ]);
    expect(ledger).toHaveLength(avifKeys.length);

    // Finished: the chapter is no longer listed for copies, so no reconcile pass queues it again.
    const listed = () => sql('select 1 from chapter_avif where chapter_id = ?', [chapterId]);
    expect(await until(listed, (rows) => rows.length === 0)).toEqual([]);

    // The job run again (a retry, a restarted worker) adds nothing.
    const before = await sql<{ renditions: unknown }>('select renditions from page where chapter_id = ?', [
      chapterId,
    ]);
    await expect(worker.get(AvifCopies).run(chapterId, () => false)).resolves.toBe('done');
    expect(await sql('select renditions from page where chapter_id = ?', [chapterId])).toEqual(before);
  });

  it('queues the copies again when Redis lost the job, from what Postgres lists', async () => {
    // As if Redis had restarted empty before the job ran: no copies, no job, the chapter listed.
    const chapter = await chapterWithoutCopies();
    await sql(`insert into chapter_avif (chapter_id, queued_at) values (?, now() - interval '1 hour')`, [
      chapter.id,
    ]);
    expect((await chapterPages(chapter.id))[0]!.avif).toEqual([]);

    // The worker's own pass (every second here) or this one queues it; nothing else would.
    await worker.get(IngestReconciler).reconcile();
    expect((await withCopies(chapter.id))[0]!.avif.map((r) => r.width)).toEqual([600, 700]);
    const listed = () => sql('select 1 from chapter_avif where chapter_id = ?', [chapter.id]);
    expect(await until(listed, (rows) => rows.length === 0)).toEqual([]);
    // Done: the next pass has nothing to queue.
    expect((await worker.get(IngestReconciler).reconcile()).avifRequeued).toEqual([]);
  });

  it('gives way between pages and leaves what it did not reach to the next run', async () => {
    // As if the copies had not been made yet (a job stopped by a waiting upload or a restart).
    const chapter = await chapterWithoutCopies();
    const copies = worker.get(AvifCopies);
    await expect(copies.run(chapter.id, () => true)).resolves.toBe('stopped');
    expect((await chapterPages(chapter.id))[0]!.avif).toEqual([]);
    await expect(copies.run(chapter.id, () => false)).resolves.toBe('done');
    expect((await chapterPages(chapter.id))[0]!.avif.map((r) => r.width)).toEqual([600, 700]);
  });
});
