import { getQueueToken } from '@nestjs/bullmq';
import { routePath, SYSTEM_ROUTES, SystemStatsResponseSchema } from '@warraq/contracts';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../src/database/transactions';
import { JOBS, MEDIA_SWEEP_EVERY_MS, QUEUES } from '../src/jobs/job-names';
import { MediaClaimsRepository } from '../src/modules/media/media-claims.repository';
import { MediaCollector, MEDIA_DRIVER } from '../src/modules/media/media-collector';
import { MediaStorage } from '../src/modules/media/media-storage';
import { signIn } from './auth-helpers';
import { newChapter, newSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { declareAndSend, imageFile, jpegPages, startWorker } from './ingest-helpers';
import { type FakeS3, fakeS3Env, startFakeS3 } from './media-fake-s3';
import { createTestApp, type TestApp } from './test-app';

const HOUR = 3600 * 1000;
const LONG_AGO = new Date(Date.now() - 48 * HOUR);

/**
 * The media garbage collector: marks from the database (pages, covers, uploads in progress), sweeps
 * the store with a grace period, keeps the `media_object` ledger equal to the store, reports what it
 * freed on the dashboard — on the local disk and on S3 alike — and never deletes an object in use,
 * even when an upload claims it while the sweep runs.
 */
describe.each(['local', 's3'] as const)('media garbage collector (%s)', (driverName) => {
  let t: TestApp;
  let s3: FakeS3 | null = null;
  let collector: MediaCollector;
  let storage: MediaStorage;
  let driver: MediaStorage;
  let moderator: string;

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);
  const blob = () => Buffer.from(`image-${randomBytes(8).toString('hex')}`);

  /** Makes an object look written long ago, in the store (when it is there) and in the ledger. */
  async function age(key: string): Promise<void> {
    const object = s3?.objects.get(key);
    if (object) object.modifiedAt = LONG_AGO;
    else if (!s3)
      await utimes(join(t.config.mediaDir, key.slice(0, 2), key), LONG_AGO, LONG_AGO).catch(() => undefined);
    await sql('update media_object set created_at = ? where key = ?', [LONG_AGO, key]);
  }
  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of driver.list()) keys.push(object.key);
    return keys.sort();
  }
  const ledgerKeys = async () =>
    (await sql<{ key: string }>('select key from media_object order by key')).map((r) => r.key);

  beforeAll(async () => {
    if (driverName === 's3') {
      s3 = await startFakeS3();
      t = await createTestApp({ env: fakeS3Env(s3.settings()) });
    } else {
      t = await createTestApp();
    }
    collector = t.app.get(MediaCollector);
    storage = t.app.get(MediaStorage);
    driver = t.app.get<MediaStorage>(MEDIA_DRIVER);
    moderator = await signIn(t, await newUser(t.orm, { role: 'moderator' }));
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('frees old unreferenced objects, keeps the rest, makes the ledger equal to the store, and reports it', async () => {
    const series = await newSeries(t.orm);
    const chapter = await newChapter(t.orm, { series, number: 1, pages: 0 });
    const page = await storage.put(blob(), 'webp');
    await sql(`insert into page (chapter_id, index, media_key, width, height) values (?, 0, ?, 10, 10)`, [
      chapter.id,
      page.key,
    ]);
    const cover = await storage.put(blob(), 'webp');
    const coverCopy = await storage.put(blob(), 'webp');
    await sql('update series set cover_key = ?, cover_renditions = ?::jsonb where id = ?', [
      cover.key,
      JSON.stringify([{ width: 200, key: coverCopy.key }]),
      series.id,
    ]);
    const orphan = await storage.put(blob(), 'webp');
    const young = await storage.put(blob(), 'webp');
    // An old object an upload in progress has claimed (its chapter not committed yet).
    const uploader = await signIn(t, await newUser(t.orm));
    const uploadId = await declareAndSend(
      t,
      uploader,
      series.id,
      'images',
      [imageFile('1.jpg', (await jpegPages(1))[0]!)],
      { chapterNumber: 2 },
    );
    const staged = await collector.stagingFor(uploadId).put(blob(), 'webp');
    // A referenced object the ledger lost, and a ledger row whose object is gone.
    const unledgered = await driver.put(blob(), 'webp');
    await sql(`insert into page (chapter_id, index, media_key, width, height) values (?, 1, ?, 10, 10)`, [
      chapter.id,
      unledgered.key,
    ]);
    const ghost = `${'d'.repeat(64)}.webp`;
    await sql('insert into media_object (key, bytes) values (?, 123)', [ghost]);
    for (const key of [page.key, cover.key, coverCopy.key, orphan.key, staged.key, unledgered.key, ghost])
      await age(key);

    const report = await collector.sweep(24 * HOUR);
    expect(report).toEqual({ objects: 1, bytes: orphan.size, ledgerAdded: 1, ledgerRemoved: 1 });
    const kept = [page.key, cover.key, coverCopy.key, young.key, staged.key, unledgered.key].sort();
    expect(await storedKeys()).toEqual(kept);
    // The ledger is every stored media object; the staged page is not one until its chapter commits.
    expect(await ledgerKeys()).toEqual(kept.filter((k) => k !== staged.key));

    const again = await collector.sweep(24 * HOUR);
    expect(again).toEqual({ objects: 0, bytes: 0, ledgerAdded: 0, ledgerRemoved: 0 });
    await sql("update media_sweep set finished_at = finished_at - interval '1 hour'");
    await sql('insert into media_sweep (objects, bytes, ledger_added, ledger_removed) values (1, ?, 0, 0)', [
      orphan.size,
    ]);
    const stats = SystemStatsResponseSchema.parse(
      (await t.api().get(routePath(SYSTEM_ROUTES.stats)).set('Cookie', moderator)).body,
    );
    expect(stats.mediaSweep).toMatchObject({ objects: 1, bytes: orphan.size });
  });

  it('never deletes an object that an upload claims while the sweep runs', async () => {
    const series = await newSeries(t.orm);
    const uploader = await signIn(t, await newUser(t.orm));
    const uploadId = await declareAndSend(t, uploader, series.id, 'images', [
      imageFile('1.jpg', (await jpegPages(1))[0]!),
    ]);
    const bytes = blob();
    const old = await storage.put(bytes, 'webp');
    await age(old.key);

    // The upload's claim is in flight (its transaction holds the key's lock) when the sweep reaches it.
    let sweep: Promise<unknown> | null = null;
    await t.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`media:${old.key}`]);
      await tx.execute('insert into upload_media (upload_id, key) values (?, ?)', [uploadId, old.key]);
      sweep = collector.sweep(24 * HOUR);
      await new Promise((r) => setTimeout(r, 500));
    });
    await sweep;
    expect(await driver.exists(old.key)).toBe(true);
    // Once it is claimed by nothing and old, the next sweep frees it.
    await sql('delete from upload_media where key = ?', [old.key]);
    expect((await collector.sweep(24 * HOUR)).objects).toBe(1);
    expect(await driver.exists(old.key)).toBe(false);
  });

  it('never deletes a page published while the sweep runs, whether the publish is open or commits between its marks', async () => {
    const series = await newSeries(t.orm);
    const uploader = await signIn(t, await newUser(t.orm));
    const uploadId = await declareAndSend(t, uploader, series.id, 'images', [
      imageFile('1.jpg', (await jpegPages(1))[0]!),
    ]);
    const [open, between] = [blob(), blob()];
    const staged = collector.stagingFor(uploadId);
    const pages = [await staged.put(open, 'webp'), await staged.put(between, 'webp')];
    // The same bytes were stored long ago (an earlier, deleted chapter's pages not swept yet): the
    // store and the ledger both say old, so only the references keep them.
    for (const page of pages) {
      await sql('insert into media_object (key, bytes) values (?, ?) on conflict do nothing', [
        page.key,
        page.size,
      ]);
      await age(page.key);
    }
    const chapter = await newChapter(t.orm, { series, number: 1, pages: 0 });
    /** The chapter's publishing transaction for one page: its row in, its claim gone, as one commit. */
    const publish = (tx: Db, index: number) =>
      tx
        .execute(`insert into page (chapter_id, index, media_key, width, height) values (?, ?, ?, 10, 10)`, [
          chapter.id,
          index,
          pages[index]!.key,
        ])
        .then(() =>
          tx.execute('delete from upload_media where upload_id = ? and key = ?', [
            uploadId,
            pages[index]!.key,
          ]),
        );

    // 1. The publish of page 0 is open (uncommitted) for the whole sweep: its claim still holds it.
    await t.orm.em.fork().transactional(async (tx) => {
      await publish(tx, 0);
      await collector.sweep(24 * HOUR);
    });
    // 2. Page 1 is published between the sweep's mark of pages and its mark of claims, so neither
    //    mark names it: the check under the key's lock must see the committed page.
    const claims = t.app.get(MediaClaimsRepository);
    const claimedKeys = claims.claimedKeys.bind(claims);
    claims.claimedKeys = async () => {
      await t.orm.em.fork().transactional((tx) => publish(tx, 1));
      return claimedKeys();
    };
    try {
      await collector.sweep(24 * HOUR);
    } finally {
      claims.claimedKeys = claimedKeys;
    }
    for (const page of pages) expect(await driver.exists(page.key)).toBe(true);
    expect(await ledgerKeys()).toEqual(expect.arrayContaining(pages.map((p) => p.key)));
  });
  it('runs as a scheduled job: the worker registers media.sweep every 6 h, and a run frees an old orphan and records it', async () => {
    const worker = await startWorker(t);
    try {
      const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.find((s) => s.key === JOBS.mediaSweep)).toMatchObject({
        name: JOBS.mediaSweep,
        every: MEDIA_SWEEP_EVERY_MS,
      });

      const [before] = await sql<{ last: number }>(
        'select coalesce(max(id), 0)::int as last from media_sweep',
      );
      const orphan = await storage.put(blob(), 'webp');
      await age(orphan.key);
      // A run now rather than in 6 h (the scheduler's own first run may be the one that frees it).
      await queue.add(JOBS.mediaSweep, {});
      const deadline = Date.now() + 60_000;
      const freed = async () =>
        (await sql('select 1 from media_sweep where id > ? and objects >= 1', [before!.last])).length > 0;
      while (!(await freed())) {
        if (Date.now() > deadline) throw new Error('media.sweep did not free the orphan within 60 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await driver.exists(orphan.key)).toBe(false);
    } finally {
      await worker.close();
    }
  }, 120_000);
});
