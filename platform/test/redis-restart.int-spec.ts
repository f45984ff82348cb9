import type { INestApplicationContext } from '@nestjs/common';
import { AUTH_ROUTES, routePath } from '@warraq/contracts';
import { IngestQueue } from '../src/modules/ingest/ingest.queue';
import { signIn } from './auth-helpers';
import { newSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import {
  imageFile,
  jpegPages,
  settled,
  startWorker,
  uploadChapter,
  uploadRecord,
  waitForUpload,
} from './ingest-helpers';
import { PrivateRedis } from './redis-server';
import { createTestApp, type TestApp } from './test-app';

/** Retries `attempt` until it answers 200; every other answer meanwhile must be a 503. */
async function backTo200(attempt: () => Promise<{ status: number; body: unknown }>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await attempt();
    if (res.status === 200) return res;
    expect(res.status).toBe(503);
    if (Date.now() > deadline) throw new Error(`still ${res.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Redis restarted the way a service restart does, with persistence on as `npm start` and production
 * run it (append-only file): signed-in people stay signed in, and a chapter queued before the
 * restart is processed after it from its own BullMQ job, which is still there.
 */
/** Retries `read` while its connection is still down (a command refused offline), then returns its answer. */
async function onceReconnected<T>(read: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (!/isn't writeable|Connection is closed/.test(String(error)) || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('a Redis restart', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let reader: TestUser;
  let worker: INestApplicationContext | null = null;

  beforeAll(async () => {
    redis = await PrivateRedis.start({ persistent: true });
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    reader = await newUser(t.orm);
  });
  afterAll(async () => {
    await worker?.close();
    await redis.up();
    await t.close();
    await redis.destroy();
  }, 30_000);

  it('keeps readers signed in and resumes queued chapters', async () => {
    const cookie = await signIn(t, reader);
    const profile = () => t.api().get(routePath(AUTH_ROUTES.profile)).set('Cookie', cookie);
    expect((await profile()).status).toBe(200);

    const uploader = await newUser(t.orm);
    const uploaderCookie = await signIn(t, uploader);
    const series = await newSeries(t.orm);
    const files = (await jpegPages(3)).map((bytes, i) => imageFile(`${i + 1}.jpg`, bytes));
    const id = await uploadChapter(t, uploaderCookie, series.id, 'images', files);
    expect((await uploadRecord(t, id))?.state).toBe('queued');

    await redis.down('SIGTERM');
    const during = await profile();
    expect(during.status).toBe(503);
    expect(during.body.message).toMatch(/[\u0600-\u06FF]/);
    await redis.up();

    // The same cookie, no new sign-in: the session came back with Redis.
    const again = await backTo200(profile);
    expect(again.body).toMatchObject({ user: { id: reader.id, username: reader.username } });

    // The job itself came back (the worker's reconciler would re-queue a lost one from PostgreSQL).
    // The queue has a connection of its own, which may reconnect after the session store's did.
    expect(await onceReconnected(() => t.app.get(IngestQueue).jobState(id))).toMatch(
      /^(waiting|prioritized)$/,
    );
    worker = await startWorker(t);
    expect(await waitForUpload(t, id, settled, 30_000)).toMatchObject({ state: 'done', processed: 3 });
  }, 60_000);
});
