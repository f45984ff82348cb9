import {
  type CreateContentBody,
  MODERATION_MESSAGES,
  ModerationQueueEventSchema,
  NotificationEventSchema,
  PongEventSchema,
  MODERATION_ROUTES,
  routePath,
} from '@warraq/contracts';
import WebSocket from 'ws';
import { signIn } from './auth-helpers';
import { newChapter, newSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';
import { connect, type OpenSocket } from './ws-helpers';

/** Proves a socket got nothing else: its next frame is the pong to this ping. */
async function expectNothingPending(socket: OpenSocket): Promise<void> {
  socket.ws.send(JSON.stringify({ event: 'ping' }));
  expect(PongEventSchema.safeParse(await socket.next()).success).toBe(true);
}

describe('moderation: two moderators at once, and the live events', () => {
  let t: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  let modA: TestUser;
  let modB: TestUser;
  let ownerCookie: string;
  let readerCookie: string;
  let cookieA: string;
  let cookieB: string;
  const open: WebSocket[] = [];

  const count = async (query: string, params: unknown[]) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>(query, params as never[])
    )[0]!.n;
  const logCount = (contentType: string, id: number) =>
    count('select count(*)::int as n from moderation_log where content_type = ? and content_id = ?', [
      contentType,
      id,
    ]);
  const notificationCount = (userId: number) =>
    count('select count(*)::int as n from notification where user_id = ?', [userId]);

  beforeAll(async () => {
    t = await createTestApp();
    [owner, reader, modA, modB] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'moderator' }),
      newUser(t.orm, { role: 'admin' }),
    ]);
    [ownerCookie, readerCookie, cookieA, cookieB] = await Promise.all([
      signIn(t, owner),
      signIn(t, reader),
      signIn(t, modA),
      signIn(t, modB),
    ]);
  });
  afterEach(() => {
    for (const ws of open.splice(0)) ws.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

  it.each([['series'], ['chapter']] as const)(
    'two approves of one %s at once: one 200, one 409, one log row, one notification',
    async (contentType) => {
      const s = await newSeries(t.orm, {
        owner,
        moderationStatus: contentType === 'series' ? 'pending' : 'approved',
      });
      const id =
        contentType === 'series'
          ? s.id
          : (await newChapter(t.orm, { series: s, number: 1, uploader: owner, moderationStatus: 'pending' }))
              .id;
      const before = await notificationCount(owner.id);
      const path = `${routePath(MODERATION_ROUTES.approve, { id: id })}?contentType=${contentType}`;
      const results = await Promise.all([
        t.api().put(path).set('Cookie', cookieA).send({}),
        t.api().put(path).set('Cookie', cookieB).send({}),
      ]);
      expect(statuses(results)).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MODERATION_MESSAGES.alreadyApproved);
      expect(await logCount(contentType, id)).toBe(1);
      expect(await notificationCount(owner.id)).toBe(before + 1);
    },
  );

  it('approve and reject of one pending chapter at once: exactly one outcome', async () => {
    const s = await newSeries(t.orm);
    await newChapter(t.orm, { series: s, number: 1 });
    const ch = await newChapter(t.orm, {
      series: s,
      number: 2,
      uploader: owner,
      moderationStatus: 'pending',
    });
    const before = await notificationCount(owner.id);
    const results = await Promise.all([
      t
        .api()
        .put(`${routePath(MODERATION_ROUTES.approve, { id: ch.id })}?contentType=chapter`)
        .set('Cookie', cookieA)
        .send({ expectedStatus: 'pending' }),
      t
        .api()
        .put(`${routePath(MODERATION_ROUTES.reject, { id: ch.id })}?contentType=chapter`)
        .set('Cookie', cookieB)
        .send({ reason: 'جودة ضعيفة', expectedStatus: 'pending' }),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(MODERATION_MESSAGES.conflict);
    const winner = results.find((r) => r.status === 200)!.body.item.status as string;
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ moderation_status: string }[]>('select moderation_status from chapter where id = ?', [
        ch.id,
      ]);
    expect(row!.moderation_status).toBe(winner);
    expect(await logCount('chapter', ch.id)).toBe(1);
    expect(await notificationCount(owner.id)).toBe(before + 1);
    // The counters follow whichever won.
    const chapters = await count('select chapter_count as n from series where id = ?', [s.id]);
    expect(chapters).toBe(winner === 'approved' ? 2 : 1);
  });

  it('approve and delete of one pending series at once: exactly one outcome', async () => {
    const s = await newSeries(t.orm, { owner, moderationStatus: 'pending' });
    await newChapter(t.orm, { series: s, number: 1, uploader: owner, moderationStatus: 'pending' });
    const before = await notificationCount(owner.id);
    const results = await Promise.all([
      t
        .api()
        .put(routePath(MODERATION_ROUTES.approve, { id: s.id }))
        .set('Cookie', cookieA)
        .send({ expectedStatus: 'pending' }),
      t
        .api()
        .delete(routePath(MODERATION_ROUTES.remove, { id: s.id }))
        .set('Cookie', cookieB)
        .send({ expectedStatus: 'pending' }),
    ]);
    const codes = statuses(results);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The loser finds the series gone (404) or no longer pending (409).
    expect([404, 409]).toContain(codes.find((c) => c !== 200));
    expect(await logCount('series', s.id)).toBe(1);
    expect(await notificationCount(owner.id)).toBe(before + 1);
  });

  it('a staff socket hears of each decision with fresh counts; a reader socket does not', async () => {
    const wsUrl = `ws://127.0.0.1:${t.port}/ws`;
    const staff = await connect(wsUrl, { Cookie: cookieA });
    const plain = await connect(wsUrl, { Cookie: readerCookie });
    const mine = await connect(wsUrl, { Cookie: ownerCookie });
    open.push(staff.ws, plain.ws, mine.ws);
    await Promise.all([staff.next(), plain.next(), mine.next()]);

    const s = await newSeries(t.orm, { title: 'صوت المطر', owner, moderationStatus: 'pending' });
    const res = await t
      .api()
      .put(routePath(MODERATION_ROUTES.reject, { id: s.id }))
      .set('Cookie', cookieA)
      .send({ reason: 'غلاف غير مناسب' });
    expect(res.status).toBe(200);

    const event = ModerationQueueEventSchema.parse(await staff.next());
    const pending = await t.api().get(routePath(MODERATION_ROUTES.pendingCount)).set('Cookie', cookieA);
    expect(event.data).toEqual({
      change: 'rejected',
      item: { id: s.id, contentType: 'series', title: 'صوت المطر' },
      pending: pending.body,
    });
    const notice = NotificationEventSchema.parse(await mine.next());
    expect(notice.data.notification.body).toContain('غلاف غير مناسب');
    expect(notice.data.unread).toBeGreaterThanOrEqual(1);
    await expectNothingPending(plain);

    // A new series submitted by a reader reaches staff as `submitted`, and not the reader.
    const body: CreateContentBody = {
      title: 'نداء البحر',
      description: 'قصة طويلة عن بحار يبحث عن جزيرة ضائعة في أرض بعيدة.',
      type: 'manga',
      status: 'ongoing',
      metadata: { author: 'كاتب', year: 2024, altTitles: [], tags: ['adventure'], origin: 'japan' },
    };
    const created = await t.api().post('/api/content').set('Cookie', readerCookie).send(body);
    expect(created.status).toBe(201);
    const submitted = ModerationQueueEventSchema.parse(await staff.next());
    expect(submitted.data.change).toBe('submitted');
    expect(submitted.data.item).toEqual({ id: created.body.id, contentType: 'series', title: 'نداء البحر' });
    expect(submitted.data.pending.series).toBe(event.data.pending.series + 1);
    await expectNothingPending(plain);
  });
});
