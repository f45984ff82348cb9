import type { INestApplicationContext } from '@nestjs/common';
import { arabicNumber, INGEST_LIMITS, INGEST_MESSAGES } from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import {
  commit,
  declareAndSend,
  imageFile,
  jpegPages,
  settled,
  startWorker,
  uploadRecord,
  waitForUpload,
} from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

/**
 * Finding 4 of the reliability issue: one account that commits several uploads at once must not hold
 * the queue. Each user may have a few uploads queued or processing (the cap, refused in Arabic), and
 * every user's first chapter runs before anyone's next, so another user's first chapter waits for at
 * most the one job already ahead of it.
 */
describe('ingest fairness', () => {
  let t: TestApp;
  let series: TestSeries;
  let pages: Buffer[];
  let worker: INestApplicationContext | null = null;
  let number = 0;

  const files = () => pages.map((bytes, i) => imageFile(`${i + 1}.jpg`, bytes));
  const sendChapter = (cookie: string) =>
    declareAndSend(t, cookie, series.id, 'images', files(), { chapterNumber: ++number });

  beforeAll(async () => {
    t = await createTestApp();
    series = await newSeries(t.orm);
    pages = await jpegPages(3);
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(async () => {
    await t.close();
  });

  it(`caps one user's queued and processing uploads at ${INGEST_LIMITS.maxQueuedPerUser}, in Arabic`, async () => {
    const cookie = await signIn(t, await newUser(t.orm));
    for (let i = 0; i < INGEST_LIMITS.maxQueuedPerUser; i++) {
      expect((await commit(t, cookie, await sendChapter(cookie))).status).toBe(202);
    }
    const extra = await sendChapter(cookie);
    const refused = await commit(t, cookie, extra);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: INGEST_MESSAGES.tooManyQueued });
    expect(INGEST_MESSAGES.tooManyQueued).toContain(arabicNumber(INGEST_LIMITS.maxQueuedPerUser));
    expect(refused.headers['retry-after']).toBeDefined();
    // Still receiving, nothing lost: once the queue drains it goes through.
    expect((await uploadRecord(t, extra))?.state).toBe('receiving');

    worker = await startWorker(t);
    const others = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(`select id from chapter_upload where state in ('queued', 'processing')`);
    for (const { id } of others) await waitForUpload(t, id, settled, 60_000);
    expect((await commit(t, cookie, extra)).status).toBe(202);
    expect(await waitForUpload(t, extra, settled, 60_000)).toMatchObject({ state: 'done' });
  }, 120_000);

  it("another user's first chapter waits for at most one of a busy user's jobs", async () => {
    const [busy, other] = [await newUser(t.orm), await newUser(t.orm)];
    const [busyCookie, otherCookie] = [await signIn(t, busy), await signIn(t, other)];
    // The busy user fills the queue first; the other user's one chapter comes last.
    const busyIds: string[] = [];
    for (let i = 0; i < INGEST_LIMITS.maxQueuedPerUser; i++) {
      const id = await sendChapter(busyCookie);
      expect((await commit(t, busyCookie, id)).status).toBe(202);
      busyIds.push(id);
    }
    const otherId = await sendChapter(otherCookie);
    expect((await commit(t, otherCookie, otherId)).status).toBe(202);

    worker = await startWorker(t);
    for (const id of [...busyIds, otherId]) await waitForUpload(t, id, settled, 60_000);
    // Chapters are numbered as they are published: the order the one worker processed them in.
    const published = await Promise.all(
      [...busyIds, otherId].map(async (id) => (await uploadRecord(t, id))!),
    );
    const order = published
      .map((record, i) => ({
        who: i < busyIds.length ? `busy-${i + 1}` : 'other',
        chapter: record.chapter_id!,
      }))
      .sort((a, b) => a.chapter - b.chapter)
      .map((entry) => entry.who);
    expect(order).toEqual(['busy-1', 'other', 'busy-2', 'busy-3']);
  }, 120_000);
});
