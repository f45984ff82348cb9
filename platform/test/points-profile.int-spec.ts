import {
  AwardPointsResponseSchema,
  BadgesResponseSchema,
  FavoritesResponseSchema,
  LibraryResponseSchema,
  POINT_RULES,
  POINTS_MESSAGES,
  PointsResponseSchema,
  ProfileStatsResponseSchema,
  RecentActivityResponseSchema,
  POINTS_ROUTES,
  PROFILE_ROUTES,
  routePath,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('points ledger and profile', () => {
  let t: TestApp;
  let reader: TestUser;
  let uploader: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    [reader, uploader, moderator, admin] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'moderator' }),
      newUser(t.orm, { role: 'admin' }),
    ]);
    for (const u of [reader, uploader, moderator, admin]) cookies.set(u.id, await signIn(t, u));
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (u: TestUser) => ({ Cookie: cookies.get(u.id)!, Origin: BROWSER_ORIGIN });
  const ledgerOf = async (u: TestUser) => {
    const res = await t
      .api()
      .get(routePath(POINTS_ROUTES.ofUser, { userId: u.id }))
      .set(as(u));
    expect(res.status).toBe(200);
    return PointsResponseSchema.parse(res.body).data;
  };
  const storedPoints = async (u: TestUser) =>
    (
      await t.orm.em
        .getConnection()
        .execute<{ points: number }[]>('select points from "user" where id = ?', [u.id])
    )[0]!.points;

  describe('points', () => {
    it('awards an approved chapter once, even when approved again after a rejection', async () => {
      const series = await newSeries(t.orm);
      const chapter = await newChapter(t.orm, { series, number: 1, moderationStatus: 'pending', uploader });
      const act = (action: 'approve' | 'reject') =>
        t.api().put(`/api/content/${chapter.id}/${action}?contentType=chapter`).set(as(moderator)).send({});

      expect((await act('approve')).status).toBe(200);
      expect((await act('reject')).status).toBe(200);
      expect((await act('approve')).status).toBe(200);

      const ledger = await ledgerOf(uploader);
      expect(ledger.history).toHaveLength(1);
      expect(ledger.history[0]).toMatchObject({
        amount: POINT_RULES.chapterApproved.amount,
        type: 'earned',
        service: POINT_RULES.chapterApproved.service,
        awarded_by: null,
      });
      expect(ledger.balance).toBe(POINT_RULES.chapterApproved.amount);
      expect(await storedPoints(uploader)).toBe(ledger.balance);
    });

    it('records one entry when two moderators approve the same chapter at once', async () => {
      const series = await newSeries(t.orm);
      const chapter = await newChapter(t.orm, {
        series,
        number: 1,
        moderationStatus: 'pending',
        uploader: reader,
      });
      const other = await newUser(t.orm, { role: 'moderator' });
      cookies.set(other.id, await signIn(t, other));
      const statuses = await Promise.all(
        [moderator, other].map(
          async (m) =>
            (await t.api().put(`/api/content/${chapter.id}/approve?contentType=chapter`).set(as(m)).send({}))
              .status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409]);
      expect((await ledgerOf(reader)).history).toHaveLength(1);
    });

    it('lets admins award and deduct with field errors for bad input, never below zero', async () => {
      const award = (body: unknown, u: TestUser = admin) =>
        t
          .api()
          .post(routePath(POINTS_ROUTES.award))
          .set(as(u))
          .send(body as object);
      const res = await award({
        user_id: reader.id,
        amount: 50,
        service: 'community',
        description: 'مسابقة الشهر',
      });
      expect(res.status).toBe(201);
      const body = AwardPointsResponseSchema.parse(res.body);
      expect(body.message).toBe(POINTS_MESSAGES.awarded);
      expect(body.entry).toMatchObject({ amount: 50, type: 'earned', awarded_by: admin.username });
      const before = body.balance;

      const spend = AwardPointsResponseSchema.parse(
        (await award({ user_id: reader.id, amount: -20, service: 'store', description: 'شراء إطار' })).body,
      );
      expect(spend.entry.type).toBe('spent');
      expect(spend.balance).toBe(before - 20);

      const tooMuch = await award({
        user_id: reader.id,
        amount: -(before + 1),
        service: 's',
        description: 'd',
      });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.errors).toEqual({ amount: [POINTS_MESSAGES.insufficient] });
      expect(
        (await award({ user_id: reader.id, amount: 0, service: 's', description: 'd' })).body.errors.amount,
      ).toEqual([POINTS_MESSAGES.amountInvalid]);
      expect((await award({ user_id: reader.id, amount: 1.5, service: 's', description: 'd' })).status).toBe(
        400,
      );
      expect(
        (await award({ user_id: reader.id, amount: 10, service: ' ', description: 'd' })).body.errors.service,
      ).toEqual([POINTS_MESSAGES.serviceRequired]);
      expect((await award({ user_id: 987_654, amount: 10, service: 's', description: 'd' })).status).toBe(
        404,
      );
      expect(
        (await award({ user_id: reader.id, amount: 10, service: 's', description: 'd' }, moderator)).status,
      ).toBe(403);

      const ledger = await ledgerOf(reader);
      expect(ledger.balance).toBe(ledger.history.reduce((sum, e) => sum + e.amount, 0));
      expect(ledger.balance).toBe(await storedPoints(reader));
    });

    it("shows one's own ledger, anyone's to staff, nobody else's to a reader", async () => {
      expect(
        (
          await t
            .api()
            .get(routePath(POINTS_ROUTES.ofUser, { userId: uploader.id }))
            .set(as(reader))
        ).status,
      ).toBe(403);
      expect(
        (
          await t
            .api()
            .get(routePath(POINTS_ROUTES.ofUser, { userId: uploader.id }))
            .set(as(moderator))
        ).status,
      ).toBe(200);
      expect(
        (
          await t
            .api()
            .get(routePath(POINTS_ROUTES.ofUser, { userId: 987_654 }))
            .set(as(admin))
        ).status,
      ).toBe(404);
      expect((await t.api().get('/api/points/abc').set(as(admin))).status).toBe(400);
      expect((await t.api().get(routePath(POINTS_ROUTES.ofUser, { userId: reader.id }))).status).toBe(401);
    });
  });

  describe('profile', () => {
    it('computes the stats, the activity and the badges from what the user did', async () => {
      const fan = await newUser(t.orm);
      cookies.set(fan.id, await signIn(t, fan));
      const series = await newSeries(t.orm, { title: 'رحلة القارئ' });
      const one = await newChapter(t.orm, { series, number: 1 });
      await newChapter(t.orm, { series, number: 2 });
      const other = await newSeries(t.orm, { title: 'الأخرى' });
      const only = await newChapter(t.orm, { series: other, number: 1 });

      // Read chapter 1 of the first (reading) and the only chapter of the other (completed).
      for (const [s, c, n] of [
        [series, one, 1],
        [other, only, 1],
      ] as const) {
        await t.api().get(`/api/series/manga/${s.slug}/${n}`).set(as(fan));
        const saved = await t
          .api()
          .post('/api/content/progress')
          .set(as(fan))
          .send({ contentId: s.id, chapterId: c.id, page: 1 });
        expect(saved.status).toBeLessThan(300);
      }
      await t.api().post('/api/content/favorite').set(as(fan)).send({ contentId: series.id, action: 'add' });
      await t
        .api()
        .post('/api/content/like')
        .set(as(fan))
        .send({ contentId: series.id, chapterId: one.id, action: 'like' });
      const comment = await t
        .api()
        .post('/api/comments')
        .set(as(fan))
        .send({ text: 'فصل ممتاز', chapter_id: one.id });
      expect(comment.status).toBe(201);

      const stats = ProfileStatsResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.stats)).set(as(fan))).body,
      ).data;
      expect(stats).toMatchObject({
        points: 0,
        mangaReading: 1,
        mangaCompleted: 1,
        chaptersRead: 2,
        favouriteManga: 1,
        commentsPosted: 1,
      });
      expect(stats.lastActive).not.toBeNull();

      const activity = RecentActivityResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.activity)).set(as(fan))).body,
      ).data;
      expect(activity[0]).toMatchObject({
        type: 'commented',
        title: 'رحلة القارئ',
        chapter: 1,
        excerpt: 'فصل ممتاز',
      });
      expect(activity[0]!.path).toContain(`#comment-${comment.body.comment.id}`);
      expect(activity.map((a) => a.type).sort()).toEqual(['commented', 'liked', 'read', 'read']);

      const library = LibraryResponseSchema.parse(
        (
          await t
            .api()
            .get(`${routePath(PROFILE_ROUTES.library)}?limit=1`)
            .set(as(fan))
        ).body,
      );
      expect(library.meta.total).toBe(2);
      expect(library.data).toHaveLength(1);
      // Most recently read first: the other series, read up to its only chapter.
      expect(library.data[0]).toMatchObject({
        series: { id: other.id },
        chapter: { id: only.id, number: 1 },
        caughtUp: true,
      });
      const favorites = FavoritesResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.favorites)).set(as(fan))).body,
      );
      expect(favorites.data.map((s) => s.id)).toEqual([series.id]);
      // A favourite whose series is later rejected disappears from a reader's list.
      await t.orm.em
        .getConnection()
        .execute(`update series set moderation_status = 'rejected' where id = ?`, [series.id]);
      const hidden = FavoritesResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.favorites)).set(as(fan))).body,
      );
      expect(hidden.data).toEqual([]);
      await t.orm.em
        .getConnection()
        .execute(`update series set moderation_status = 'approved' where id = ?`, [series.id]);

      const badges = BadgesResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.badges)).set(as(fan))).body,
      ).data;
      expect(badges).toEqual([]);
      const staffBadges = BadgesResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.badges)).set(as(moderator))).body,
      ).data;
      expect(staffBadges.map((b) => b.id)).toEqual(['staff']);
      // The uploader's approved chapter from the points tests.
      const uploaderBadges = BadgesResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.badges)).set(as(uploader))).body,
      ).data;
      expect(uploaderBadges.map((b) => b.id)).toContain('first-chapter');
    });

    it('names each chapter of an activity by its language and links to that very variant', async () => {
      const fan = await newUser(t.orm);
      cookies.set(fan.id, await signIn(t, fan));
      const series = await newSeries(t.orm, { title: 'فصل بلغتين' });
      const arabic = await newChapter(t.orm, { series, number: 1 });
      const english = await newChapter(t.orm, { series, number: 1, language: 'EN' });
      for (const chapter of [arabic, english]) {
        const liked = await t
          .api()
          .post('/api/content/like')
          .set(as(fan))
          .send({ contentId: series.id, chapterId: chapter.id, action: 'like' });
        expect(liked.status).toBeLessThan(300);
      }
      const onSeries = await t
        .api()
        .post('/api/comments')
        .set(as(fan))
        .send({ text: 'عمل جميل', content_id: series.id });
      expect(onSeries.status).toBe(201);

      const activity = RecentActivityResponseSchema.parse(
        (await t.api().get(routePath(PROFILE_ROUTES.activity)).set(as(fan))).body,
      ).data;
      const likes = activity.filter((a) => a.type === 'liked');
      expect(likes.map((a) => [a.chapter, a.chapterLanguage, a.path]).sort()).toEqual(
        [
          [1, 'AR', `/series/manga/${encodeURIComponent(series.slug)}/1?variant=${arabic.id}`],
          [1, 'EN', `/series/manga/${encodeURIComponent(series.slug)}/1?variant=${english.id}`],
        ].sort(),
      );
      expect(activity.find((a) => a.type === 'commented')).toMatchObject({
        chapter: null,
        chapterLanguage: null,
        path: `/series/manga/${encodeURIComponent(series.slug)}?tab=comments#comment-${onSeries.body.comment.id}`,
      });
    });

    it('asks guests to sign in for their own figures', async () => {
      const own = [
        PROFILE_ROUTES.stats,
        PROFILE_ROUTES.activity,
        PROFILE_ROUTES.library,
        PROFILE_ROUTES.favorites,
        PROFILE_ROUTES.badges,
      ];
      for (const path of own.map((route) => routePath(route)))
        expect((await t.api().get(path)).status).toBe(401);
    });
  });
});
