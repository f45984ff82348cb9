import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  FOLLOW_ROUTES,
  MODERATION_ROUTES,
  NOTIFICATION_ROUTES,
  NotificationEventSchema,
  NotificationListResponseSchema,
  SeriesFollowResponseSchema,
  UpdatesResponseSchema,
  UserFollowResponseSchema,
  routePath,
  seriesPath,
} from '@warraq/contracts';
import { FanoutService } from '../src/modules/follows/fanout.service';
import { WorkerModule } from '../src/worker.module';
import { signIn } from './auth-helpers';
import { connect } from './ws-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('follows, preferences, the updates feed and the new-chapter fan-out', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let reader: TestUser;
  let readerCookie: string;
  let modCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The real worker process's modules on the same database and Redis prefix: approvals reach it
    // through BullMQ exactly as in production.
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    reader = await newUser(t.orm);
    const moderator = await newUser(t.orm, { role: 'moderator' });
    [readerCookie, modCookie] = await Promise.all([signIn(t, reader), signIn(t, moderator)]);
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  const followSeries = (series: { id: number }, cookie = readerCookie, body?: object) => {
    const req = t
      .api()
      .put(routePath(FOLLOW_ROUTES.followSeries, { id: series.id }))
      .set('Cookie', cookie);
    return body ? req.send(body) : req;
  };
  const unfollowSeries = (series: { id: number }, cookie = readerCookie) =>
    t
      .api()
      .delete(routePath(FOLLOW_ROUTES.unfollowSeries, { id: series.id }))
      .set('Cookie', cookie);
  const feed = async (cookie = readerCookie, query = '') => {
    const res = await t
      .api()
      .get(`${routePath(FOLLOW_ROUTES.updates)}${query}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    return UpdatesResponseSchema.parse(res.body);
  };
  const feedChapterIds = async (cookie = readerCookie) =>
    (await feed(cookie)).data.flatMap((g) => g.chapters.map((c) => c.id));
  const notices = async (cookie: string, tab: 'chapter' | 'all') => {
    const res = await t
      .api()
      .get(`${routePath(NOTIFICATION_ROUTES.list)}?tab=${tab}&limit=50`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    return NotificationListResponseSchema.parse(res.body);
  };
  const chapterNotices = (cookie: string) => notices(cookie, 'chapter');
  /** A followed user's new works: `follow` notifications, listed under the all tab. */
  const workNotices = async (cookie: string) =>
    (await notices(cookie, 'all')).data.filter((n) => n.type === 'follow');
  const approve = (id: number) =>
    t
      .api()
      .put(`${routePath(MODERATION_ROUTES.approve, { id })}?contentType=chapter`)
      .set('Cookie', modCookie)
      .send({});
  const decideSeries = (action: 'approve' | 'reject', id: number, body: object = {}) =>
    t
      .api()
      .put(`${routePath(MODERATION_ROUTES[action], { id })}?contentType=series`)
      .set('Cookie', modCookie)
      .send(body);
  const until = async <T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await probe();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('follows and unfollows a series idempotently, even many times at once', async () => {
    const series = await newSeries(t.orm);
    const follows = await Promise.all(Array.from({ length: 8 }, () => followSeries(series)));
    for (const res of follows) expect(res.status).toBe(200);
    const state = await t
      .api()
      .get(routePath(FOLLOW_ROUTES.seriesState, { id: series.id }))
      .set('Cookie', readerCookie);
    expect(SeriesFollowResponseSchema.parse(state.body).data).toEqual({
      following: true,
      followers: 1,
      preferredGroups: [],
      hiddenGroups: [],
    });
    const unfollows = await Promise.all(Array.from({ length: 8 }, () => unfollowSeries(series)));
    for (const res of unfollows) {
      expect(res.status).toBe(200);
      expect(SeriesFollowResponseSchema.parse(res.body).data).toMatchObject({
        following: false,
        followers: 0,
      });
    }
  });

  it('refuses guests, unknown or unseen series, and a group both preferred and hidden', async () => {
    const series = await newSeries(t.orm);
    expect((await t.api().put(routePath(FOLLOW_ROUTES.followSeries, { id: series.id }))).status).toBe(401);
    expect((await followSeries({ id: 999_999 })).status).toBe(404);
    const someoneElses = await newSeries(t.orm, { moderationStatus: 'pending', owner: await newUser(t.orm) });
    expect((await followSeries(someoneElses)).status).toBe(404);
    const both = await followSeries(series, readerCookie, { preferredGroups: ['أ'], hiddenGroups: ['أ'] });
    expect(both.status).toBe(400);
    expect(both.body.errors.hiddenGroups).toBeDefined();
  });

  it('follows a user once, never oneself, and not someone who does not exist', async () => {
    const uploader = await newUser(t.orm);
    const path = routePath(FOLLOW_ROUTES.followUser, { id: uploader.id });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.api().put(path).set('Cookie', readerCookie)),
    );
    for (const res of answers)
      expect(UserFollowResponseSchema.parse(res.body).data).toEqual({ following: true, followers: 1 });
    expect(
      (
        await t
          .api()
          .put(routePath(FOLLOW_ROUTES.followUser, { id: reader.id }))
          .set('Cookie', readerCookie)
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .api()
          .put(routePath(FOLLOW_ROUTES.followUser, { id: 999_999 }))
          .set('Cookie', readerCookie)
      ).status,
    ).toBe(404);
    const off = await t.api().delete(path).set('Cookie', readerCookie);
    expect(UserFollowResponseSchema.parse(off.body).data).toEqual({ following: false, followers: 0 });
  });

  it('keeps chapter languages and refuses an unknown one', async () => {
    const someone = await newUser(t.orm);
    const cookie = await signIn(t, someone);
    const bad = await t
      .api()
      .put(routePath(FOLLOW_ROUTES.savePreferences))
      .set('Cookie', cookie)
      .send({ languages: ['XX'] });
    expect(bad.status).toBe(400);
    const saved = await t
      .api()
      .put(routePath(FOLLOW_ROUTES.savePreferences))
      .set('Cookie', cookie)
      .send({ languages: ['AR', 'EN'] });
    expect(saved.status).toBe(200);
    const read = await t.api().get(routePath(FOLLOW_ROUTES.preferences)).set('Cookie', cookie);
    expect(read.body.data).toEqual({ languages: ['AR', 'EN'] });
  });

  describe('the feed', () => {
    let someone: TestUser;
    let cookie: string;
    let series: TestSeries;

    beforeAll(async () => {
      someone = await newUser(t.orm);
      cookie = await signIn(t, someone);
      series = await newSeries(t.orm);
    });

    it('shows approved chapters of followed series and users, by language and group preference', async () => {
      const wanted = await newChapter(t.orm, { series, number: 1, group: 'الفجر' });
      const hidden = await newChapter(t.orm, { series, number: 1, group: 'الليل' });
      const english = await newChapter(t.orm, { series, number: 2, group: 'الفجر', language: 'EN' });
      const pending = await newChapter(t.orm, {
        series,
        number: 3,
        group: 'الفجر',
        moderationStatus: 'pending',
      });
      const novel = await newSeries(t.orm, { type: 'novel' });
      const novelChapter = await newChapter(t.orm, { series: novel, number: 1 });
      const uploader = await newUser(t.orm);
      const elsewhere = await newSeries(t.orm);
      const byUploader = await newChapter(t.orm, { series: elsewhere, number: 7, uploader });
      const unrelated = await newSeries(t.orm);
      await newChapter(t.orm, { series: unrelated, number: 1 });

      expect(await feedChapterIds(cookie)).toEqual([]);
      await followSeries(series, cookie);
      await followSeries(novel, cookie);
      expect(new Set(await feedChapterIds(cookie))).toEqual(new Set([wanted.id, hidden.id, english.id]));

      await followSeries(series, cookie, { hiddenGroups: ['الليل'] });
      await t
        .api()
        .put(routePath(FOLLOW_ROUTES.savePreferences))
        .set('Cookie', cookie)
        .send({ languages: ['AR'] });
      await t
        .api()
        .put(routePath(FOLLOW_ROUTES.followUser, { id: uploader.id }))
        .set('Cookie', cookie);
      const ids = await feedChapterIds(cookie);
      expect(new Set(ids)).toEqual(new Set([wanted.id, byUploader.id]));
      expect(ids).not.toContain(pending.id);
      expect(ids).not.toContain(novelChapter.id);
      expect((await feed(cookie, '?type=novel')).data.flatMap((g) => g.chapters.map((c) => c.id))).toEqual([
        novelChapter.id,
      ]);

      // Preferring a group leaves only its chapters (and those credited to none).
      await followSeries(series, cookie, { preferredGroups: ['الليل'] });
      expect(new Set(await feedChapterIds(cookie))).toEqual(new Set([hidden.id, byUploader.id]));
      await followSeries(series, cookie, { preferredGroups: [], hiddenGroups: ['الليل'] });
    });

    it('marks a chapter read once it is opened, and lists unread first inside a series', async () => {
      const before = (await feed(cookie)).data.find((g) => g.series.id === series.id)!;
      const first = before.chapters[0]!;
      expect(first.read).toBe(false);
      const opened = await t
        .api()
        .post('/api/content/progress')
        .set('Cookie', cookie)
        .send({ contentId: series.id, chapterId: first.id, page: 0 });
      expect(opened.status).toBe(200);
      const after = (await feed(cookie)).data.find((g) => g.series.id === series.id)!;
      expect(after.chapters.find((c) => c.id === first.id)!.read).toBe(true);
      const reads = after.chapters.map((c) => c.read);
      expect(reads).toEqual([...reads].sort((a, b) => Number(a) - Number(b)));
    });

    it('pages with a keyset cursor, newest first, and refuses a forged cursor', async () => {
      const busy = await newSeries(t.orm);
      for (let n = 1; n <= 35; n++) await newChapter(t.orm, { series: busy, number: n, pages: 0 });
      const reader2 = await newUser(t.orm);
      const cookie2 = await signIn(t, reader2);
      await followSeries(busy, cookie2);
      const first = await feed(cookie2);
      expect(first.nextCursor).not.toBeNull();
      const second = await feed(cookie2, `?cursor=${first.nextCursor}`);
      const numbers = [...first.data, ...second.data].flatMap((g) => g.chapters.map((c) => c.number));
      expect(numbers).toHaveLength(35);
      expect(new Set(numbers).size).toBe(35);
      expect(second.nextCursor).toBeNull();
      const forged = await t
        .api()
        .get(`${routePath(FOLLOW_ROUTES.updates)}?cursor=bm9wZQ`)
        .set('Cookie', cookie2);
      expect(forged.status).toBe(400);
    });
  });

  it('picks a random approved series of the type asked, never a pending one or another type', async () => {
    const novel = await newSeries(t.orm, { type: 'novel' });
    await newSeries(t.orm, { type: 'novel', moderationStatus: 'pending' });
    for (let i = 0; i < 8; i++) {
      const res = await t.api().get(`${routePath(FOLLOW_ROUTES.randomSeries)}?type=novel`);
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe('novel');
      expect(res.body.data.moderationStatus).toBe('approved');
    }
    // The only novel with a higher id than every other series is still reachable (the wrap-around).
    const newest = await newSeries(t.orm, { type: 'novel' });
    const ids = new Set<number>();
    for (let i = 0; i < 30 && !ids.has(newest.id); i++) {
      ids.add(
        (await t.api().get(`${routePath(FOLLOW_ROUTES.randomSeries)}?type=novel`)).body.data.id as number,
      );
    }
    expect(ids.has(newest.id) || ids.has(novel.id)).toBe(true);
    const none = await t.api().get(`${routePath(FOLLOW_ROUTES.randomSeries)}?type=manhua`);
    expect(none.body).toEqual({ success: true, data: null });
  });

  describe('reading-list shelves', () => {
    const shelfOf = async (series: { id: number }, cookie: string) =>
      (
        await t
          .api()
          .get(routePath(FOLLOW_ROUTES.shelf, { id: series.id }))
          .set('Cookie', cookie)
      ).body.data.shelf as string | null;
    const read = (series: { id: number }, chapter: { id: number }, cookie: string, page = 0) =>
      t
        .api()
        .post('/api/content/progress')
        .set('Cookie', cookie)
        .send({ contentId: series.id, chapterId: chapter.id, page });

    it('keeps the shelf chosen, refuses an unknown one, and clears it', async () => {
      const series = await newSeries(t.orm);
      const cookie = await signIn(t, await newUser(t.orm));
      const path = routePath(FOLLOW_ROUTES.setShelf, { id: series.id });
      expect((await t.api().put(path).set('Cookie', cookie).send({ shelf: 'someday' })).status).toBe(400);
      expect((await t.api().put(path).set('Cookie', cookie).send({ shelf: 'on_hold' })).status).toBe(200);
      expect(await shelfOf(series, cookie)).toBe('on_hold');
      expect((await t.api().delete(path).set('Cookie', cookie)).body.data).toEqual({ shelf: null });
      expect(await shelfOf(series, cookie)).toBeNull();
    });

    it('moves to reading on the first chapter and to completed on the last page of a completed series', async () => {
      const series = await newSeries(t.orm, { status: 'completed' });
      const first = await newChapter(t.orm, { series, number: 1, pages: 3 });
      const middle = await newChapter(t.orm, { series, number: 2, pages: 3 });
      const last = await newChapter(t.orm, { series, number: 3, pages: 3 });
      const cookie = await signIn(t, await newUser(t.orm));
      await read(series, middle, cookie);
      expect(await shelfOf(series, cookie)).toBeNull();
      await read(series, first, cookie);
      expect(await shelfOf(series, cookie)).toBe('reading');
      await read(series, last, cookie, 0);
      expect(await shelfOf(series, cookie)).toBe('reading');
      await read(series, last, cookie, 2);
      expect(await shelfOf(series, cookie)).toBe('completed');
      // A series the reader dropped stays dropped, whatever they open.
      await t
        .api()
        .put(routePath(FOLLOW_ROUTES.setShelf, { id: series.id }))
        .set('Cookie', cookie)
        .send({ shelf: 'dropped' });
      await read(series, first, cookie);
      await read(series, last, cookie, 2);
      expect(await shelfOf(series, cookie)).toBe('dropped');
    });
  });

  describe('new-chapter notifications', () => {
    it('reach each follower who wants the chapter once, from the worker, after approval', async () => {
      const series = await newSeries(t.orm);
      const uploader = await newUser(t.orm);
      const followers = await Promise.all(Array.from({ length: 4 }, () => newUser(t.orm)));
      const cookies = await Promise.all(followers.map((u) => signIn(t, u)));
      for (const cookie of cookies) await followSeries(series, cookie);
      // The last one hides the night group; a fan of the uploader follows no series.
      await followSeries(series, cookies[3]!, { hiddenGroups: ['الليل'] });
      const fan = await newUser(t.orm);
      const fanCookie = await signIn(t, fan);
      await t
        .api()
        .put(routePath(FOLLOW_ROUTES.followUser, { id: uploader.id }))
        .set('Cookie', fanCookie);

      const dawn = await newChapter(t.orm, {
        series,
        number: 5,
        group: 'الفجر',
        uploader,
        moderationStatus: 'pending',
      });
      const night = await newChapter(t.orm, {
        series,
        number: 5,
        group: 'الليل',
        uploader,
        moderationStatus: 'pending',
      });
      // The first follower is online: the fan-out reaches their socket with the new unread count.
      const socket = await connect(`ws://127.0.0.1:${t.port}/ws`, { Cookie: cookies[0]! });
      await socket.next();
      const stillPending = await newChapter(t.orm, {
        series,
        number: 6,
        uploader,
        moderationStatus: 'pending',
      });
      expect((await approve(dawn.id)).status).toBe(200);
      expect((await approve(night.id)).status).toBe(200);

      const hider = await until(
        () => chapterNotices(cookies[3]!),
        (list) => list.data.length >= 1,
      );
      const everyone = await until(
        () => Promise.all([...cookies.slice(0, 3), fanCookie].map(chapterNotices)),
        (lists) => lists.every((l) => l.data.length >= 2),
      );
      for (const list of everyone) {
        expect(list.data).toHaveLength(2);
        expect(list.data.every((n) => n.type === 'chapter' && !n.read)).toBe(true);
        // One number from two groups: each notification names its own, so the two never read alike.
        expect(list.data.map((n) => n.body).sort()).toEqual(
          [`صدر الفصل ٥ من «${series.title}» (الفجر).`, `صدر الفصل ٥ من «${series.title}» (الليل).`].sort(),
        );
      }
      const pushed = NotificationEventSchema.parse(await socket.next());
      expect(pushed.data.notification).toMatchObject({ type: 'chapter', read: false });
      expect([dawn.id, night.id].map((id) => `variant=${id}`)).toContainEqual(
        pushed.data.notification.path!.split('?')[1],
      );
      expect(pushed.data.unread).toBeGreaterThanOrEqual(1);
      expect(everyone[0]!.data.map((n) => n.id)).toContain(pushed.data.notification.id);
      socket.ws.close();
      expect(hider.data).toHaveLength(1);
      expect(hider.data[0]!.path).toContain(`variant=${dawn.id}`);
      expect(hider.data[0]!.body).toContain(series.title);

      // The job again, and a direct re-run of both chapters: nothing new; the pending chapter tells nobody.
      const fanout = worker.get(FanoutService);
      expect(await fanout.fanOutSeries(series.id)).toEqual({ chapters: 0, notifications: 0 });
      expect(await fanout.announce([dawn.id, night.id])).toMatchObject({ notifications: 0 });
      expect(await fanout.announce([stillPending.id])).toMatchObject({ notifications: 0 });
      expect((await chapterNotices(cookies[0]!)).data).toHaveLength(2);
      expect((await chapterNotices(cookies[3]!)).data).toHaveLength(1);
      // The uploader is not told of their own chapter.
      const uploaderCookie = await signIn(t, uploader);
      await followSeries(series, uploaderCookie);
      expect(await fanout.announce([dawn.id])).toMatchObject({ notifications: 0 });
    });
  });

  describe('new-work notifications', () => {
    it("reach each follower of a work's creator once, from the worker, after its approval only", async () => {
      const creator = await newUser(t.orm);
      const followers = await Promise.all(Array.from({ length: 3 }, () => newUser(t.orm)));
      const cookies = await Promise.all(followers.map((u) => signIn(t, u)));
      for (const cookie of cookies) {
        const res = await t
          .api()
          .put(routePath(FOLLOW_ROUTES.followUser, { id: creator.id }))
          .set('Cookie', cookie);
        expect(res.status).toBe(200);
      }
      const stranger = await newUser(t.orm);
      const [strangerCookie, creatorCookie] = await Promise.all([signIn(t, stranger), signIn(t, creator)]);
      const work = await newSeries(t.orm, { owner: creator, type: 'novel', moderationStatus: 'pending' });
      const rejected = await newSeries(t.orm, { owner: creator, moderationStatus: 'pending' });
      const stillPending = await newSeries(t.orm, { owner: creator, moderationStatus: 'pending' });

      // A follower is online: the fan-out reaches their socket with the new unread count.
      const socket = await connect(`ws://127.0.0.1:${t.port}/ws`, { Cookie: cookies[0]! });
      await socket.next();
      expect((await decideSeries('reject', rejected.id, { reason: 'لا يوافق قواعد الموقع' })).status).toBe(
        200,
      );
      expect((await decideSeries('approve', work.id)).status).toBe(200);

      const lists = await until(
        () => Promise.all(cookies.map(workNotices)),
        (all) => all.every((l) => l.length >= 1),
      );
      const path = seriesPath('novel', work.slug);
      for (const list of lists) {
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ type: 'follow', read: false, path });
        expect(list[0]!.body).toContain(work.title);
        expect(list[0]!.body).toContain(creator.username);
      }
      const pushed = NotificationEventSchema.parse(await socket.next());
      expect(pushed.data.notification).toMatchObject({ id: lists[0]![0]!.id, type: 'follow', path });
      expect(pushed.data.unread).toBeGreaterThanOrEqual(1);
      socket.ws.close();

      // The job again, even with the work put back on the waiting list: nothing new. A rejected or
      // pending work on the list tells nobody.
      const fanout = worker.get(FanoutService);
      const db = t.orm.em.fork().getConnection();
      expect(await fanout.fanOutSeries(work.id)).toEqual({ chapters: 0, notifications: 0 });
      for (const id of [work.id, rejected.id, stillPending.id]) {
        await db.execute('insert into series_fanout (series_id) values (?) on conflict do nothing', [id]);
        expect(await fanout.fanOutSeries(id)).toEqual({ chapters: 0, notifications: 0 });
      }
      for (const cookie of cookies) expect(await workNotices(cookie)).toHaveLength(1);
      // Neither someone who follows nobody nor the creator hears of the work.
      expect(await workNotices(strangerCookie)).toHaveLength(0);
      expect(await workNotices(creatorCookie)).toHaveLength(0);
    });
  });
});
