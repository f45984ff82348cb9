import { CONTENT_ROUTES, routePath } from '@warraq/contracts';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBody } from '../src/common/filters/api-exception.filter';
import { ensureDatabaseExists, withDatabaseName } from '../src/database/database-admin';
import { migrateDatabase } from '../src/database/cli/migrate';
import { signIn } from './auth-helpers';
import {
  type Edge,
  EDGE_BASE_DOMAIN,
  edgeRequest,
  jsonOf,
  type SiteProcess,
  startEdge,
  startSite,
} from './edge-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import {
  imageFile,
  jpegPages,
  settled,
  spawnWorker,
  uploadChapter,
  waitForUpload,
  type WorkerProcess,
  workerReady,
} from './ingest-helpers';
import { PrivatePostgres } from './postgres-server';
import { createTestApp, type TestApp } from './test-app';
import { TEMPLATE_DATABASE } from './test-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(200);
  }
}

/**
 * Restarts under readers, with real processes: a private PostgreSQL cluster (never the machine's
 * shared one) behind the platform, the built site and worker, and the nginx edge. While PostgreSQL
 * restarts guests keep getting pages from the edge, API calls answer a JSON 503 in Arabic, and once
 * it is back everything recovers by itself — a chapter that was being processed is published once,
 * with every page once. While the site process restarts, guests get the edge's stale pages.
 */
describe('restarts under readers', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let site: SiteProcess;
  let edge: Edge;
  let dataDir: string;
  let series: TestSeries;
  let worker: WorkerProcess | null = null;
  const host = `manga.${EDGE_BASE_DOMAIN}`;
  const get = (path: string) => edgeRequest(edge.port, 'GET', host, path);

  beforeAll(async () => {
    pg = await PrivatePostgres.start();
    const template = withDatabaseName(pg.url, TEMPLATE_DATABASE);
    await ensureDatabaseExists(template);
    await migrateDatabase(template, () => undefined);
    t = await createTestApp({ databaseServerUrl: pg.url });
    series = await newSeries(t.orm);
    await newChapter(t.orm, { series, number: 1, pages: 3 });
    dataDir = await mkdtemp(join(tmpdir(), 'warraq-pg-edge-'));
    await chmod(dataDir, 0o755);
    site = await startSite(t.baseUrl);
    edge = await startEdge(dataDir, [t.port], site.port);
  }, 120_000);

  afterEach(async () => {
    await pg.up();
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    worker = null;
  }, 30_000);

  afterAll(async () => {
    await edge?.stop();
    await site?.stop();
    await t?.close();
    await pg?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('PostgreSQL: keeps serving guests from the edge, answers API calls with an Arabic 503, and recovers on its own', async () => {
    const seriesPage = `/series/manga/${encodeURIComponent(series.slug)}`;
    const chapterPage = `${seriesPage}/1`;
    const seriesApi = routePath(CONTENT_ROUTES.seriesBySlug, { slug: series.slug });
    for (const page of [seriesPage, chapterPage]) {
      await until(`${page} stored`, async () => (await get(page)).headers['x-cache'] === 'FILE');
    }
    expect((await get(seriesApi)).status).toBe(200);

    await pg.down('fast');
    // Longer than the pages' 4 s freshness: what guests get now is the edge's stale copy.
    const deadline = Date.now() + 6_000;
    let apiCalls = 0;
    while (Date.now() < deadline) {
      for (const page of [seriesPage, chapterPage]) {
        const res = await get(page);
        expect(res.status).toBe(200);
        expect(res.body.toString('utf8')).toContain(series.title);
      }
      const api = await get(seriesApi);
      expect([api.status, api.headers['content-type']]).toEqual([503, 'application/json; charset=utf-8']);
      expect(jsonOf(api)).toEqual(errorBody(503));
      expect(api.headers['retry-after']).toBeDefined();
      apiCalls++;
      await sleep(250);
    }
    expect(apiCalls).toBeGreaterThan(5);

    await pg.up();
    // No restart of the platform: its pool reconnects on the next query.
    await until('the API again', async () => (await get(seriesApi)).status === 200);
    const fresh = await get(seriesApi);
    expect((jsonOf(fresh) as { data: { title: string } }).data.title).toBe(series.title);
    expect((await get(chapterPage)).status).toBe(200);
  }, 90_000);

  it('PostgreSQL: publishes a chapter that was being processed during the restart once, with every page once', async () => {
    // Enough pages that the restart lands in the middle of the chapter.
    const PAGES = 24;
    worker = spawnWorker(t);
    await workerReady(worker);
    const uploader = await newUser(t.orm);
    const cookie = await signIn(t, uploader);
    const files = (await jpegPages(PAGES, { width: 600, height: 900 })).map((bytes, i) =>
      imageFile(`${i + 1}.jpg`, bytes),
    );
    const id = await uploadChapter(t, cookie, series.id, 'images', files, { chapterNumber: 2 });
    await waitForUpload(t, id, (r) => r.state === 'processing' && r.processed > 0, 60_000);

    await pg.down('fast');
    await sleep(3_000);
    await pg.up();

    // Generous: on a busy machine the worker's retry waits (10 s, then 20 s) come on top of the pages.
    const record = await waitForUpload(t, id, settled, 200_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\nworker:\n${worker?.output().slice(-4000)}`);
    });
    expect(record).toMatchObject({ state: 'done', processed: PAGES, total: PAGES });
    const db = t.orm.em.fork().getConnection();
    const chapters = await db.execute<{ id: number; page_count: number }[]>(
      'select id, page_count from chapter where series_id = ? and number = 2',
      [series.id],
    );
    expect(chapters).toEqual([{ id: record.chapter_id, page_count: PAGES }]);
    const pages = await db.execute<{ index: number; media_key: string }[]>(
      'select index, media_key from page where chapter_id = ? order by index',
      [record.chapter_id],
    );
    expect(pages.map((p) => p.index)).toEqual(Array.from({ length: PAGES }, (_, i) => i));
    expect(new Set(pages.map((p) => p.media_key)).size).toBe(PAGES);
    // Every page is a media object once, and nothing of the upload is left claimed.
    const objects = await db.execute<{ n: string }[]>(
      'select count(*) as n from media_object where key in (select media_key from page where chapter_id = ?)',
      [record.chapter_id],
    );
    expect(Number(objects[0]!.n)).toBe(PAGES);
    const claims = await db.execute<{ n: string }[]>(
      'select count(*) as n from upload_media where upload_id = ?',
      [id],
    );
    expect(Number(claims[0]!.n)).toBe(0);
  }, 300_000);

  it('the site: guests get stale pages from the edge while it is down, fresh ones once it is back', async () => {
    const seriesPage = `/series/manga/${encodeURIComponent(series.slug)}`;
    await until('a stored page', async () => (await get(seriesPage)).headers['x-cache'] === 'FILE');
    site.child.kill('SIGKILL');
    await site.stop();
    // Its data changes meanwhile; the edge cannot know until the site is back.
    const renamed = `${series.title} بعد العودة`;
    await t.orm.em
      .fork()
      .getConnection()
      .execute('update series set title = ? where id = ?', [renamed, series.id]);
    // Past every copy's freshness (stored copies last their second, the hop's 2 s more), so what
    // comes is the hop's stale copy, or a copy of this second made from it.
    await sleep(6_000);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await get(seriesPage);
      expect(res.status).toBe(200);
      seen.add(String(res.headers['x-cache']));
      expect(res.body.toString('utf8')).toContain(series.title);
      expect(res.body.toString('utf8')).not.toContain(renamed);
    }
    expect([...seen].every((status) => ['STALE', 'UPDATING', 'FILE'].includes(status))).toBe(true);
    site = await startSite(t.baseUrl, site.port);
    await until('the page as the data now is', async () => {
      const res = await get(seriesPage);
      return res.status === 200 && res.body.toString('utf8').includes(renamed);
    });
  }, 60_000);
});
