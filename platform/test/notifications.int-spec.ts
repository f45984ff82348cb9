import {
  MarkNotificationsReadResponseSchema,
  NotificationEventSchema,
  NotificationListResponseSchema,
  PongEventSchema,
  NOTIFICATION_ROUTES,
  routePath,
} from '@warraq/contracts';
import WebSocket from 'ws';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('notifications', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceCookie: string;
  let bobCookie: string;
  const aliceIds: number[] = [];
  let bobId: number;

  const list = async (cookie: string, query = '') => {
    const res = await t
      .api()
      .get(`${routePath(NOTIFICATION_ROUTES.list)}${query}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    return NotificationListResponseSchema.parse(res.body);
  };
  const markRead = (cookie: string, body: unknown) =>
    t
      .api()
      .post(routePath(NOTIFICATION_ROUTES.markRead))
      .set('Cookie', cookie)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([newUser(t.orm), newUser(t.orm)]);
    [aliceCookie, bobCookie] = await Promise.all([signIn(t, alice), signIn(t, bob)]);
    const service = t.app.get(NotificationsService);
    for (let i = 0; i < 5; i++) {
      const n = await service.notify(alice.id, {
        type: i % 2 === 0 ? 'system' : 'chapter',
        title: `إشعار ${i}`,
        body: `نص الإشعار ${i}`,
        path: i === 0 ? null : `/series/manga/x-${i}`,
      });
      aliceIds.push(n.id);
    }
    bobId = (await service.notify(bob.id, { type: 'system', title: 'لبوب', body: 'خاص ببوب', path: null }))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks a guest to sign in', async () => {
    expect((await t.api().get(routePath(NOTIFICATION_ROUTES.list))).status).toBe(401);
    expect((await t.api().post(routePath(NOTIFICATION_ROUTES.markRead)).send({ all: true })).status).toBe(
      401,
    );
  });

  it("lists only the user's own, newest first, with the unread count", async () => {
    const mine = await list(aliceCookie);
    expect(mine.data.map((n) => n.id)).toEqual([...aliceIds].reverse());
    expect(mine.data[0]).toMatchObject({
      title: 'إشعار 4',
      body: 'نص الإشعار 4',
      read: false,
      type: 'system',
    });
    expect(mine.meta).toEqual({ total: 5, page: 1, limit: 20, pages: 1 });
    expect(mine.unread).toBe(5);
    expect((await list(bobCookie)).data.map((n) => n.id)).toEqual([bobId]);
  });

  it('filters by tab and pages', async () => {
    expect((await list(aliceCookie, '?tab=chapter')).data.map((n) => n.type)).toEqual(['chapter', 'chapter']);
    expect((await list(aliceCookie, '?tab=system')).meta.total).toBe(3);
    expect((await list(aliceCookie, '?tab=comment')).data).toEqual([]);
    const page2 = await list(aliceCookie, '?limit=2&page=2');
    expect(page2.data.map((n) => n.id)).toEqual([aliceIds[2], aliceIds[1]]);
    expect(page2.meta).toEqual({ total: 5, page: 2, limit: 2, pages: 3 });
    // The unread count is of all the user's notifications, whatever the tab.
    expect((await list(aliceCookie, '?tab=comment')).unread).toBe(5);
  });

  it('refuses malformed queries and bodies', async () => {
    for (const query of ['?tab=likes', '?limit=51', '?page=0', '?limit=abc']) {
      expect(
        (
          await t
            .api()
            .get(`${routePath(NOTIFICATION_ROUTES.list)}${query}`)
            .set('Cookie', aliceCookie)
        ).status,
      ).toBe(400);
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: [-1] },
      { ids: ['x'] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { all: false },
      { ids: [1], extra: true },
    ]) {
      expect((await markRead(aliceCookie, body)).status).toBe(400);
    }
  });

  it("marks the user's own as read and ignores someone else's ids", async () => {
    const res = await markRead(aliceCookie, { ids: [aliceIds[0], aliceIds[1], bobId] });
    expect(res.status).toBe(200);
    expect(MarkNotificationsReadResponseSchema.parse(res.body)).toEqual({ success: true, unread: 3 });
    const mine = await list(aliceCookie);
    expect(
      mine.data
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([aliceIds[0], aliceIds[1]].sort());
    // Bob's stays unread: Alice cannot touch it.
    const bobs = await list(bobCookie);
    expect(bobs.data[0]).toMatchObject({ id: bobId, read: false });
    expect(bobs.unread).toBe(1);

    expect((await markRead(aliceCookie, { all: true })).body).toEqual({ success: true, unread: 0 });
    expect((await list(aliceCookie)).data.every((n) => n.read)).toBe(true);
    expect((await list(bobCookie)).unread).toBe(1);
  });

  it('pushes a new notification to its owner only', async () => {
    const wsUrl = `ws://127.0.0.1:${t.port}/ws`;
    const open = (cookie: string) =>
      new Promise<{ ws: WebSocket; frames: unknown[]; next: () => Promise<unknown> }>((resolve, reject) => {
        const ws = new WebSocket(wsUrl, { headers: { Cookie: cookie } });
        const frames: unknown[] = [];
        const waiters: ((v: unknown) => void)[] = [];
        ws.on('message', (data) => {
          const msg = JSON.parse(String(data)) as unknown;
          const waiter = waiters.shift();
          if (waiter) waiter(msg);
          else frames.push(msg);
        });
        ws.once('open', () =>
          resolve({
            ws,
            frames,
            next: () =>
              frames.length ? Promise.resolve(frames.shift()) : new Promise((r) => waiters.push(r)),
          }),
        );
        ws.once('error', reject);
      });
    const a = await open(aliceCookie);
    const b = await open(bobCookie);
    try {
      await a.next();
      await b.next();
      const sent = await t.app
        .get(NotificationsService)
        .notify(alice.id, { type: 'system', title: 'جديد', body: 'وصل الآن', path: null });
      const event = NotificationEventSchema.parse(await a.next());
      expect(event.data).toEqual({ notification: sent, unread: 1 });
      b.ws.send(JSON.stringify({ event: 'ping' }));
      expect(PongEventSchema.safeParse(await b.next()).success).toBe(true);
    } finally {
      a.ws.close();
      b.ws.close();
    }
  });
});
