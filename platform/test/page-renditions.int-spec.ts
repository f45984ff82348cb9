import type { INestApplicationContext } from '@nestjs/common';
import type { ChapterResponse } from '@warraq/contracts';
import { makePageJpeg } from '@warraq/test-media';
import sharp from 'sharp';
import { MediaCollector } from '../src/modules/media/media-collector';
import { MediaStorage } from '../src/modules/media/media-storage';
import { signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { imageFile, settled, startWorker, uploadChapter, waitForUpload } from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

jest.setTimeout(60_000);

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/**
 * Issue 15: every page is stored at 600, 900 and 1200 px (never wider than the upload), the chapter
 * API offers the widths for the reader's srcset, and the copies are media objects like the page itself.
 */
describe('page renditions', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string;
  let series: TestSeries;

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);

  beforeAll(async () => {
    t = await createTestApp();
    const uploader = await newUser(t.orm);
    cookie = await signIn(t, uploader);
    series = await newSeries(t.orm);
    worker = await startWorker(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('stores each page at every width up to its own, returns them in the chapter API, and keeps them as media', async () => {
    const wide = await makePageJpeg(1, { width: 1600, height: 2400 });
    const narrow = await makePageJpeg(2, { width: 700, height: 1050 });
    const id = await uploadChapter(
      t,
      cookie,
      series.id,
      'images',
      [imageFile('1.jpg', wide), imageFile('2.jpg', narrow)],
      { chapterNumber: 1 },
    );
    const record = await waitForUpload(t, id, settled, 60_000);
    expect(record).toMatchObject({ state: 'done' });

    const response = await t
      .api()
      .get(`/api/series/manga/${series.slug}/1?variant=${record.chapter_id}`)
      .set('Cookie', cookie);
    expect(response.status).toBe(200);
    const pages = (response.body as ChapterResponse).data.pages;
    // The 1600 px upload: 600, 900 and 1200; the 700 px one: 600 and itself, never upscaled.
    expect(pages.map((p) => p.renditions.map((r) => r.width))).toEqual([
      [600, 900, 1200],
      [600, 700],
    ]);
    expect(pages.map((p) => p.renditions.at(-1)!.url)).toEqual(pages.map((p) => p.url));

    const storage = t.app.get(MediaStorage);
    for (const rendition of pages[0]!.renditions) {
      const served = await t.api().get(rendition.url.replace(/^https?:\/\/[^/]+/, ''));
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const size = await sharp(served.body as Buffer).metadata();
      expect([size.width, size.height]).toEqual([rendition.width, Math.round(rendition.width * 1.5)]);
    }
    // The narrow copy is the point: a phone downloads far fewer bytes than the desktop width.
    const bytes = async (url: string) => (await storage.stat(keyOf(url)))!.size;
    expect(await bytes(pages[0]!.renditions[0]!.url)).toBeLessThan(
      (await bytes(pages[0]!.renditions[2]!.url)) * 0.5,
    );

    // Every copy is a media object, claimed by no upload any more, and kept by the collector's sweep.
    const keys = pages.flatMap((p) => p.renditions.map((r) => keyOf(r.url)));
    expect(keys).toHaveLength(5);
    const ledger = await sql<{ key: string }>('select key from media_object where key = any(?::text[])', [
      `{${keys.join(',')}}`,
    ]);
    expect(ledger.map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(await sql('select 1 from upload_media where upload_id = ?', [id])).toHaveLength(0);
    await t.app.get(MediaCollector).sweep(0);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);
  });
});
