import type { INestApplicationContext } from '@nestjs/common';
import { ModerationQueueEventSchema, REALTIME_EVENTS } from '@warraq/contracts';
import { makePageJpeg } from '@warraq/test-media';
import { newSeries } from './factories/content.factory';
import {
  closeSocket,
  imageFile,
  openSocket,
  settled,
  startWorker,
  uploadChapter,
  uploaderCast,
  waitForUpload,
} from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

jest.setTimeout(30_000);

describe('moderation: a chapter published by the ingest worker joins the queue', () => {
  let t: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('announces the new pending chapter to staff sockets, not to the uploader', async () => {
    const { cookie, moderatorCookie } = await uploaderCast(t);
    const series = await newSeries(t.orm, { title: 'رحلة الضوء' });
    const staff = await openSocket(t, moderatorCookie);
    const uploader = await openSocket(t, cookie);
    try {
      const id = await uploadChapter(
        t,
        cookie,
        series.id,
        'images',
        [imageFile('1.jpg', await makePageJpeg(1))],
        {
          chapterNumber: 4,
        },
      );
      const record = await waitForUpload(t, id, settled);
      expect(record.state).toBe('done');

      const deadline = Date.now() + 5_000;
      const queueEvents = () =>
        staff.frames.filter((f) => (f as { event?: string }).event === REALTIME_EVENTS.moderationQueue);
      while (queueEvents().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const [event] = queueEvents().map((f) => ModerationQueueEventSchema.parse(f));
      expect(event?.data).toEqual({
        change: 'submitted',
        item: { id: record.chapter_id, contentType: 'chapter', title: 'رحلة الضوء — الفصل ٤' },
        pending: { series: 0, chapters: 1, total: 1 },
      });
      expect(
        uploader.frames.some((f) => (f as { event?: string }).event === REALTIME_EVENTS.moderationQueue),
      ).toBe(false);

      const queue = await t
        .api()
        .get('/api/content?status=pending&contentType=chapter')
        .set('Cookie', moderatorCookie);
      expect(queue.body.data.map((i: { id: number }) => i.id)).toEqual([record.chapter_id]);
    } finally {
      await Promise.all([closeSocket(staff.ws), closeSocket(uploader.ws)]);
    }
  });
});
