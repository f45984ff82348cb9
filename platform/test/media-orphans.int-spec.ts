import type { INestApplicationContext } from '@nestjs/common';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { partialFailureZip, zipOfPages } from '@warraq/test-media';
import { MediaStorage } from '../src/modules/media/media-storage';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { INGEST_ROUTES, routePath } from '@warraq/contracts';
import { jpegPages, settled, startWorker, uploadChapter, waitForUpload, zipFile } from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

/** Every object of the local media store (its tmp folder aside). */
async function storedKeys(mediaDir: string): Promise<string[]> {
  const keys: string[] = [];
  for (const dir of await readdir(mediaDir).catch(() => [] as string[])) {
    if (dir === 'tmp') continue;
    keys.push(...(await readdir(join(mediaDir, dir))));
  }
  return keys.sort();
}

/**
 * Finding 2 of the reliability issue: the pages of an upload become media objects only when its
 * chapter commits; a refused, cancelled or deleted upload leaves nothing behind in the store or the
 * `media_object` ledger, and never takes an image that a published chapter uses.
 */
/** The pages of test-media's partial-failure zip (five good, a truncated sixth) at this size are `jpegPages`'. */
const PAGE_SIZE = { width: 400, height: 600 };

describe('media of uploads: nothing orphaned', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string;
  let series: TestSeries;
  let pages: Buffer[];
  let number = 0;

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);
  const ledgerKeys = async () =>
    (await sql<{ key: string }>('select key from media_object order by key')).map((r) => r.key);
  const pageKeys = async () =>
    (await sql<{ key: string }>('select distinct media_key as key from page order by 1')).map((r) => r.key);
  const claims = async () =>
    Number((await sql<{ n: string }>('select count(*) as n from upload_media'))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, await newUser(t.orm));
    series = await newSeries(t.orm);
    pages = await jpegPages(3, PAGE_SIZE);
    worker = await startWorker(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('a refused upload leaves no image and no ledger row, before and after it is deleted', async () => {
    const id = await uploadChapter(
      t,
      cookie,
      series.id,
      'zip',
      [zipFile(await partialFailureZip(PAGE_SIZE))],
      {
        chapterNumber: ++number,
      },
    );
    const record = await waitForUpload(t, id, settled, 60_000);
    expect(record).toMatchObject({ state: 'failed', failure: { code: 'corrupt_image' } });
    expect(await storedKeys(t.config.mediaDir)).toEqual([]);
    expect(await ledgerKeys()).toEqual([]);
    expect(await claims()).toBe(0);

    const deleted = await t
      .api()
      .delete(routePath(INGEST_ROUTES.remove, { id }))
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', cookie);
    expect(deleted.status).toBe(200);
    expect(await storedKeys(t.config.mediaDir)).toEqual([]);
    expect(await ledgerKeys()).toEqual([]);
  }, 90_000);

  it("a published chapter's pages become media objects at commit, and a refused upload of the same images keeps them", async () => {
    const published = await uploadChapter(
      t,
      cookie,
      series.id,
      'zip',
      [zipFile(zipOfPages(pages.slice(0, 3).map((data, i) => ({ name: `${i + 1}.jpg`, data }))))],
      { chapterNumber: ++number },
    );
    expect(await waitForUpload(t, published, settled, 60_000)).toMatchObject({ state: 'done' });
    const used = await pageKeys();
    expect(used).toHaveLength(3);
    expect(await ledgerKeys()).toEqual(used);
    expect(await storedKeys(t.config.mediaDir)).toEqual(used);
    expect(await claims()).toBe(0);

    // test-media's partial-failure zip: pages 1–3 again (the same bytes, so the same keys), 4–5 new,
    // and the broken sixth.
    const refused = await uploadChapter(
      t,
      cookie,
      series.id,
      'zip',
      [zipFile(await partialFailureZip(PAGE_SIZE))],
      { chapterNumber: ++number },
    );
    expect(await waitForUpload(t, refused, settled, 60_000)).toMatchObject({ state: 'failed' });
    expect(await storedKeys(t.config.mediaDir)).toEqual(used);
    expect(await ledgerKeys()).toEqual(used);
    const storage = t.app.get(MediaStorage);
    for (const key of used) expect(await storage.exists(key)).toBe(true);
  }, 90_000);
});
