import {
  AnnouncementResponseSchema,
  AnnouncementsResponseSchema,
  COMMENT_ROUTES,
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_ROUTES,
  CommunityCommentsResponseSchema,
  CommunityPopularResponseSchema,
  CommunityRulesResponseSchema,
  CommunityStatsResponseSchema,
  PublicActivityResponseSchema,
  routePath,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('community page', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let manga: TestSeries;
  let novel: TestSeries;
  let hidden: TestSeries;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, admin] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'admin' }),
    ]);
    for (const u of [alice, bob, admin]) cookies.set(u.id, await signIn(t, u));
    manga = await newSeries(t.orm, { title: 'مانجا المجتمع', type: 'manga' });
    novel = await newSeries(t.orm, { title: 'رواية المجتمع', type: 'novel' });
    hidden = await newSeries(t.orm, {
      title: 'عمل ينتظر المراجعة',
      moderationStatus: 'pending',
      owner: alice,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (u: TestUser | null) =>
    u ? { Cookie: cookies.get(u.id)!, Origin: BROWSER_ORIGIN } : { Origin: BROWSER_ORIGIN };
  const comment = async (u: TestUser, series: TestSeries, text: string, chapterId?: number) => {
    const res = await t
      .api()
      .post(routePath(COMMENT_ROUTES.create))
      .set(as(u))
      .send({ text, content_id: series.id, ...(chapterId ? { chapter_id: chapterId } : {}) });
    expect(res.status).toBe(201);
    return res.body.comment.id as number;
  };
  const get = async (path: string, u: TestUser | null = null) => {
    const res = await t.api().get(path).set(as(u));
    expect(res.status).toBe(200);
    return res.body;
  };

  it('lists the newest comments on published works only, filtered by type, keyset-paged', async () => {
    const first = await comment(alice, manga, 'أول تعليق على المانجا');
    const onNovel = await comment(bob, novel, 'تعليق على الرواية');
    const chapter = await newChapter(t.orm, { series: manga, number: 7 });
    const onChapter = await comment(bob, manga, 'تعليق على الفصل السابع', chapter.id);

    const all = CommunityCommentsResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.latestComments)));
    expect(all.data.map((c) => c.id).slice(0, 3)).toEqual([onChapter, onNovel, first]);
    expect(all.data[0]).toMatchObject({ chapterNumber: 7, series: { slug: manga.slug, type: 'manga' } });
    expect(all.data.map((c) => c.series.id)).not.toContain(hidden.id);

    const novels = CommunityCommentsResponseSchema.parse(
      await get(`${routePath(COMMUNITY_ROUTES.latestComments)}?type=novel`),
    );
    expect(novels.data.map((c) => c.id)).toEqual([onNovel]);

    const older = CommunityCommentsResponseSchema.parse(
      await get(`${routePath(COMMUNITY_ROUTES.latestComments)}?before=${onChapter}`),
    );
    expect(older.data[0]!.id).toBe(onNovel);
  });

  it("names a comment's chapter by its language and links to the comment on that very variant", async () => {
    const arabic = await newChapter(t.orm, { series: manga, number: 9 });
    const english = await newChapter(t.orm, { series: manga, number: 9, language: 'EN' });
    const onEnglish = await comment(alice, manga, 'تعليق على النسخة الإنجليزية', english.id);
    const onArabic = await comment(bob, manga, 'تعليق على النسخة العربية', arabic.id);
    const onSeries = await comment(bob, manga, 'تعليق على صفحة العمل');

    const latest = CommunityCommentsResponseSchema.parse(
      await get(`${routePath(COMMUNITY_ROUTES.latestComments)}?type=manga`),
    ).data;
    const chapterPage = `/series/manga/${encodeURIComponent(manga.slug)}/9`;
    expect(latest.slice(0, 3)).toMatchObject([
      {
        id: onSeries,
        chapterNumber: null,
        chapterLanguage: null,
        path: `/series/manga/${encodeURIComponent(manga.slug)}?tab=comments#comment-${onSeries}`,
      },
      {
        id: onArabic,
        chapterNumber: 9,
        chapterLanguage: 'AR',
        path: `${chapterPage}?variant=${arabic.id}#comment-${onArabic}`,
      },
      {
        id: onEnglish,
        chapterNumber: 9,
        chapterLanguage: 'EN',
        path: `${chapterPage}?variant=${english.id}#comment-${onEnglish}`,
      },
    ]);

    const ofAlice = PublicActivityResponseSchema.parse(
      await get(routePath(COMMUNITY_ROUTES.userActivity, { username: alice.username })),
    ).data;
    expect(ofAlice.find((a) => a.key === `comment:${onEnglish}`)).toMatchObject({
      chapterNumber: 9,
      chapterLanguage: 'EN',
      path: `${chapterPage}?variant=${english.id}#comment-${onEnglish}`,
    });
    // The tests after this one write comments of their own, under the same per-user rate limit.
    await t.redis.del(...(await t.redis.keys(`${t.config.redis.prefix}rl:comments-*`)).concat('none'));
  });

  it('pages through more comments than fit one page, each once', async () => {
    const many = await newSeries(t.orm, { title: 'كثير التعليقات', type: 'manhwa' });
    const written: number[] = [];
    for (let i = 0; i < COMMUNITY_LIMITS.feedPageSize + 3; i++) {
      written.push(await comment(i % 2 ? alice : bob, many, `تعليق رقم ${i}`));
      if (i % 4 === 3) await t.redis.del(...(await t.redis.keys(`${t.config.redis.prefix}rl:comments-*`)));
    }
    const path = `${routePath(COMMUNITY_ROUTES.latestComments)}?type=manhwa`;
    const one = CommunityCommentsResponseSchema.parse(await get(path));
    expect(one.data).toHaveLength(COMMUNITY_LIMITS.feedPageSize);
    const two = CommunityCommentsResponseSchema.parse(await get(`${path}&before=${one.nextCursor}`));
    expect(two.nextCursor).toBeNull();
    expect([...one.data, ...two.data].map((c) => c.id)).toEqual([...written].reverse());
  });

  it('ranks this week’s most liked comments, and never shows comments on unpublished works', async () => {
    await t.redis.del(...(await t.redis.keys(`${t.config.redis.prefix}rl:comments-*`)).concat('none'));
    const liked = await comment(alice, novel, 'تعليق يستحق الإعجاب');
    const hiddenComment = await comment(alice, hidden, 'تعليق على عمل لم يُنشر');
    const like = async (u: TestUser, id: number) => {
      const res = await t.api().post(routePath(COMMENT_ROUTES.like, { id })).set(as(u));
      expect(res.status).toBe(200);
    };
    await like(bob, liked);
    await like(admin, liked);
    // Only its author sees the pending work, so only she can like the comment there.
    await like(alice, hiddenComment);
    const popular = CommunityPopularResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.popular)));
    expect(popular.comments[0]).toMatchObject({ id: liked, likes: 2 });
    expect(popular.comments.map((c) => c.id)).not.toContain(hiddenComment);
    expect(popular.windowDays).toBe(COMMUNITY_LIMITS.popularWindowDays);
  });

  it('counts real totals', async () => {
    const before = CommunityStatsResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.stats)));
    await newSeries(t.orm, { title: 'مانها جديدة', type: 'manhua' });
    await newSeries(t.orm, { title: 'مانها مخفية', type: 'manhua', moderationStatus: 'pending', owner: bob });
    await newUser(t.orm);
    const after = CommunityStatsResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.stats)));
    expect(after.series.manhua).toBe(before.series.manhua + 1);
    expect(after.members).toBe(before.members + 1);
    expect(after.newMembersThisWeek).toBe(before.newMembersThisWeek + 1);
  });

  describe('announcements and rules', () => {
    const announce = (u: TestUser | null, body: unknown) =>
      t
        .api()
        .post(routePath(COMMUNITY_ROUTES.createAnnouncement))
        .set(as(u))
        .send(body as object);

    it('lets admins post, edit and delete; readers are refused and everyone reads them', async () => {
      expect((await announce(alice, { title: 'إعلان', body: 'نص' })).status).toBe(403);
      expect((await announce(null, { title: 'إعلان', body: 'نص' })).status).toBe(401);

      const posted = await announce(admin, {
        title: '  صيانة الموقع  ',
        body: 'يتوقف الموقع\u202e ساعة الليلة',
      });
      expect(posted.status).toBe(201);
      const created = AnnouncementResponseSchema.parse(posted.body).data;
      expect(created).toMatchObject({
        title: 'صيانة الموقع',
        body: 'يتوقف الموقع ساعة الليلة',
        pinned: false,
      });

      const pinned = AnnouncementResponseSchema.parse(
        (await announce(admin, { title: 'مهم', body: 'إعلان مثبت', pinned: true })).body,
      ).data;
      const list = AnnouncementsResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.announcements)));
      expect(list.data.map((a) => a.id).slice(0, 2)).toEqual([pinned.id, created.id]);
      expect(list.data[1]!.author).toBe(admin.username);

      const edited = await t
        .api()
        .put(routePath(COMMUNITY_ROUTES.updateAnnouncement, { id: created.id }))
        .set(as(admin))
        .send({ title: 'صيانة مؤجلة', body: 'تأجلت الصيانة' });
      expect(edited.status).toBe(200);
      expect(AnnouncementResponseSchema.parse(edited.body).data.updatedAt).not.toBeNull();

      const removed = await t
        .api()
        .delete(routePath(COMMUNITY_ROUTES.deleteAnnouncement, { id: created.id }))
        .set(as(admin));
      expect(removed.status).toBe(200);
      const again = await t
        .api()
        .delete(routePath(COMMUNITY_ROUTES.deleteAnnouncement, { id: created.id }))
        .set(as(admin));
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(COMMUNITY_MESSAGES.announcementNotFound);
    });

    it('refuses empty, oversized and malformed announcements with field errors', async () => {
      const empty = await announce(admin, { title: '   ', body: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.title).toEqual([COMMUNITY_MESSAGES.titleRequired]);
      expect(empty.body.errors.body).toEqual([COMMUNITY_MESSAGES.bodyRequired]);
      const long = await announce(admin, {
        title: 'ع'.repeat(COMMUNITY_LIMITS.announcementTitleMax + 1),
        body: 'ن'.repeat(COMMUNITY_LIMITS.announcementBodyMax + 1),
      });
      expect(long.status).toBe(400);
      expect(long.body.errors.title).toEqual([COMMUNITY_MESSAGES.titleTooLong]);
      expect(long.body.errors.body).toEqual([COMMUNITY_MESSAGES.bodyTooLong]);
      const wrong = await announce(admin, { title: ['x'], body: { html: '<b>' }, pinned: 'yes', extra: 1 });
      expect(wrong.status).toBe(400);
    });

    it('keeps the rules admins write, and shows who wrote them', async () => {
      const empty = CommunityRulesResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.rules)));
      expect(empty.data).toEqual({ text: '', updatedAt: null, updatedBy: null });
      const put = (u: TestUser, text: unknown) =>
        t.api().put(routePath(COMMUNITY_ROUTES.updateRules)).set(as(u)).send({ text });
      expect((await put(bob, 'قواعد')).status).toBe(403);
      expect((await put(admin, 'ق'.repeat(COMMUNITY_LIMITS.rulesMax + 1))).status).toBe(400);
      expect((await put(admin, '١. الاحترام أولًا\n٢. لا حرق للأحداث')).status).toBe(200);
      const rules = CommunityRulesResponseSchema.parse(await get(routePath(COMMUNITY_ROUTES.rules))).data;
      expect(rules).toMatchObject({ text: '١. الاحترام أولًا\n٢. لا حرق للأحداث', updatedBy: admin.username });
    });
  });
});
