import { zipOfPages } from '@warraq/test-media';
import { signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import {
  jpegPages,
  settled,
  spawnWorker,
  uploadChapter,
  uploadRecord,
  waitForUpload,
  type WorkerProcess,
  workerReady,
  zipFile,
} from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

const PAGES = 60;

/**
 * Faults as real processes: the built worker (platform/dist/worker.js) is killed or stopped in the
 * middle of a 60-page chapter, and the chapter must still appear exactly once, whole.
 */
describe('ingest faults: worker killed or stopped mid-chapter', () => {
  let t: TestApp;
  let cookie: string;
  let series: TestSeries;
  let zip: Buffer;
  let chapterNumber = 0;
  const workers: WorkerProcess[] = [];

  const sql = <T>(query: string, params: unknown[] = []) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);

  async function startWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
    const worker = spawnWorker(t, env);
    workers.push(worker);
    await workerReady(worker);
    return worker;
  }

  /** The chapter rows of one chapter number, and the pages of each. */
  async function chaptersNumbered(number: number) {
    return sql<{ id: number; page_count: number; indexes: number[]; sources: number[] }>(
      `select c.id, c.page_count,
         coalesce(array_agg(p.index order by p.index) filter (where p.id is not null), '{}') as indexes,
         coalesce(array_agg(p.source_index order by p.index) filter (where p.id is not null), '{}') as sources
       from chapter c left join page p on p.chapter_id = c.id
       where c.series_id = ? and c.number = ? group by c.id`,
      [series.id, number],
    );
  }

  async function expectWholeOnce(number: number): Promise<void> {
    const chapters = await chaptersNumbered(number);
    expect(chapters).toHaveLength(1);
    const range = Array.from({ length: PAGES }, (_, i) => i);
    expect(chapters[0]).toMatchObject({ page_count: PAGES, indexes: range, sources: range });
  }

  beforeAll(async () => {
    t = await createTestApp();
    const user = await newUser(t.orm);
    cookie = await signIn(t, user);
    series = await newSeries(t.orm);
    // A few distinct scan-sized pages, repeated: drawing 60 in the test process would take longer than
    // processing them in the worker.
    const distinct = await jpegPages(6, { width: 800, height: 1200 });
    const names = Array.from({ length: PAGES }, (_, i) => `${((i * 37) % PAGES) + 1}.jpg`).reverse();
    zip = zipOfPages(names.map((name, i) => ({ name, data: distinct[i % distinct.length]! })));
    // Generous: on a loaded CI machine drawing the pages alone took over a minute.
  }, 180_000);
  afterEach(() => {
    for (const w of workers.splice(0))
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await t.close();
  });

  it('SIGKILL in the middle: the next worker completes the chapter once, no page missing or doubled', async () => {
    const number = ++chapterNumber;
    const first = await startWorker();
    const id = await uploadChapter(t, cookie, series.id, 'zip', [zipFile(zip)], { chapterNumber: number });
    await waitForUpload(t, id, (r) => r.state === 'processing' && r.processed >= 10, 60_000);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const halfway = await uploadRecord(t, id);
    expect(halfway?.state).toBe('processing');
    expect(halfway!.processed).toBeLessThan(PAGES);
    expect(await chaptersNumbered(number)).toEqual([]);

    const second = await startWorker();
    const record = await waitForUpload(t, id, settled, 90_000);
    expect(record).toMatchObject({ state: 'done', processed: PAGES, total: PAGES });
    await expectWholeOnce(number);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 300_000);

  it('SIGTERM in the middle: the worker finishes the chapter, then exits 0', async () => {
    const number = ++chapterNumber;
    // A grace period long enough for the rest of the chapter even on a loaded machine (past it the
    // chapter is handed back instead: the next test).
    const worker = await startWorker({ WARRAQ_INGEST_SHUTDOWN_GRACE_MS: '150000' });
    const id = await uploadChapter(t, cookie, series.id, 'zip', [zipFile(zip)], { chapterNumber: number });
    await waitForUpload(t, id, (r) => r.state === 'processing' && r.processed >= 5, 60_000);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await uploadRecord(t, id)).toMatchObject({ state: 'done', processed: PAGES });
    await expectWholeOnce(number);
  }, 300_000);

  it('SIGTERM past the grace period: the chapter is handed back, the worker exits 0, another completes it', async () => {
    const number = ++chapterNumber;
    const worker = await startWorker({ WARRAQ_INGEST_SHUTDOWN_GRACE_MS: '200' });
    const id = await uploadChapter(t, cookie, series.id, 'zip', [zipFile(zip)], { chapterNumber: number });
    await waitForUpload(t, id, (r) => r.state === 'processing' && r.processed >= 5, 60_000);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    const handedBack = await uploadRecord(t, id);
    expect(handedBack?.state).toBe('queued');
    expect(await chaptersNumbered(number)).toEqual([]);

    await startWorker();
    expect(await waitForUpload(t, id, settled, 90_000)).toMatchObject({ state: 'done', processed: PAGES });
    await expectWholeOnce(number);
  }, 300_000);
});
