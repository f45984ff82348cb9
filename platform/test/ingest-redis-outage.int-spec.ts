import { RequestContext } from '@mikro-orm/core';
import type { INestApplicationContext } from '@nestjs/common';
import { type ChapterUploadResponse, INGEST_MESSAGES, INGEST_ROUTES, routePath } from '@warraq/contracts';
import { ApiTokenService } from '../src/modules/auth/api-token.service';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import {
  commit,
  declare,
  declareBody,
  getStatus,
  imageFile,
  jpegPages,
  putFile,
  settled,
  startWorker,
  type TestFile,
  uploadChapter,
  uploadRecord,
  waitForUpload,
} from './ingest-helpers';
import { PrivateRedis } from './redis-server';
import { createTestApp, type TestApp } from './test-app';

/** Retries `attempt` until it gives `status`; every other answer must be one of `meanwhile`. */
async function eventually(
  attempt: () => Promise<{ status: number }>,
  status: number,
  meanwhile: number[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await attempt();
    if (res.status === status) return;
    expect(meanwhile).toContain(res.status);
    if (Date.now() > deadline) throw new Error(`still ${res.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Outages and reconnections take seconds, not the default five-second budget.
jest.setTimeout(60_000);

/**
 * Redis goes away during an upload: every answer is either an acknowledgement that holds (the chapter
 * is processed once Redis is back, even though it comes back empty) or a 503 — never a 500, never
 * an acknowledgement that is lost.
 */
describe('ingest through a Redis outage', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let user: TestUser;
  let series: TestSeries;
  let files: TestFile[];
  let worker: INestApplicationContext | null = null;
  let chapterNumber = 0;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    user = await newUser(t.orm);
    series = await newSeries(t.orm);
    files = (await jpegPages(2)).map((bytes, i) => imageFile(`${i + 1}.jpg`, bytes));
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  }, 30_000);
  afterAll(async () => {
    await redis.up();
    await t.close();
    await redis.down();
  }, 30_000);

  it('answers 503 while Redis is down, loses nothing, and processes the upload once it is back (empty)', async () => {
    worker = await startWorker(t);
    let cookie = await signIn(t, user);
    const tokens = t.app.get(ApiTokenService);
    const { token } = await RequestContext.create(t.orm.em, () => tokens.issue(user.id));
    const number = ++chapterNumber;
    const declared = await declare(
      t,
      cookie,
      declareBody(series.id, 'images', files, { chapterNumber: number }),
    );
    expect(declared.status).toBe(201);
    const uploadId = (declared.body as ChapterUploadResponse).upload.id;
    expect((await putFile(t, cookie, uploadId, 0, files[0]!.bytes)).status).toBe(200);

    await redis.down();

    // Sessions live in Redis: a browser's requests are refused with 503, in Arabic, not a 500.
    for (const res of [
      await putFile(t, cookie, uploadId, 1, files[1]!.bytes),
      await getStatus(t, cookie, uploadId),
      await commit(t, cookie, uploadId),
      await t
        .api()
        .post('/api/auth/login')
        .set('Origin', BROWSER_ORIGIN)
        .send({ username: user.username, password: user.password }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, statusCode: 503 });
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    // A bearer token (kept in Postgres) still gets through: the file is stored, the commit refused
    // with 503 because the queue is down, and the upload is still receiving — nothing acknowledged.
    const put = await t
      .api()
      .put(routePath(INGEST_ROUTES.file, { id: uploadId, index: 1 }))
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/octet-stream')
      .send(files[1]!.bytes);
    expect(put.status).toBe(200);
    const refused = await t
      .api()
      .post(routePath(INGEST_ROUTES.commit, { id: uploadId }))
      .set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(INGEST_MESSAGES.queueUnavailable);
    expect((await uploadRecord(t, uploadId))?.state).toBe('receiving');

    await redis.up();

    // Redis came back empty: the old session is gone, signing in works again once reconnected.
    await eventually(
      () =>
        t
          .api()
          .post('/api/auth/login')
          .set('Origin', BROWSER_ORIGIN)
          .send({ username: user.username, password: user.password }),
      200,
      [503],
    );
    cookie = await signIn(t, user);
    await eventually(() => commit(t, cookie, uploadId), 202, [503]);
    expect(await waitForUpload(t, uploadId, settled, 30_000)).toMatchObject({ state: 'done', processed: 2 });
  }, 90_000);

  it('processes an acknowledged upload even when Redis restarts empty before any worker ran', async () => {
    const cookie = await signIn(t, user);
    const number = ++chapterNumber;
    const id = await uploadChapter(t, cookie, series.id, 'images', files, { chapterNumber: number });
    expect((await uploadRecord(t, id))?.state).toBe('queued');

    await redis.down();
    await redis.up();

    // The job is gone with Redis; Postgres still says queued, and the worker's reconciler acts on it.
    worker = await startWorker(t);
    expect(await waitForUpload(t, id, settled, 30_000)).toMatchObject({ state: 'done', processed: 2 });
  }, 60_000);
});
