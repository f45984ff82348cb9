import {
  COMMENT_ROUTES,
  COMMUNITY_LIMITS,
  COMMUNITY_ROUTES,
  CommunityPopularResponseSchema,
  FOLLOW_ROUTES,
  PROFILE_ROUTES,
  PublicActivityResponseSchema,
  PublicProfileResponseSchema,
  UpdatesResponseSchema,
  UserFollowResponseSchema,
  routePath,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('public profiles, user follows, the following tab and the per-type updates feed', () => {
  let t: TestApp;
  let reader: TestUser;
  let author: TestUser;
  let stranger: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    [reader, author, stranger] = await Promise.all([newUser(t.orm), newUser(t.orm), newUser(t.orm)]);
    for (const u of [reader, author, stranger]) cookies.set(u.id, await signIn(t, u));
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (u: TestUser | null) =>
    u ? { Cookie: cookies.get(u.id)!, Origin: BROWSER_ORIGIN } : { Origin: BROWSER_ORIGIN };
  const followUser = (u: TestUser, target: { id: number }) =>
    t
      .api()
      .put(routePath(FOLLOW_ROUTES.followUser, { id: target.id }))
      .set(as(u));
  const unfollowUser = (u: TestUser, target: { id: number }) =>
    t
      .api()
      .delete(routePath(FOLLOW_ROUTES.unfollowUser, { id: target.id }))
      .set(as(u));
  const comment = async (u: TestUser, series: TestSeries, text: string) => {
    const res = await t
      .api()
      .post(routePath(COMMENT_ROUTES.create))
      .set(as(u))
      .send({ text, content_id: series.id });
    expect(res.status).toBe(201);
    return res.body.comment.id as number;
  };
  const following = async (u: TestUser, query = '') => {
    const res = await t
      .api()
      .get(`${routePath(COMMUNITY_ROUTES.following)}${query}`)
      .set(as(u));
    expect(res.status).toBe(200);
    return PublicActivityResponseSchema.parse(res.body);
  };

  it('follows and unfollows a user idempotently under concurrency; refuses self and unknown users', async () => {
    const target = await newUser(t.orm);
    const follows = await Promise.all(Array.from({ length: 8 }, () => followUser(reader, target)));
    for (const res of follows) expect(res.status).toBe(200);
    const state = await t
      .api()
      .get(routePath(FOLLOW_ROUTES.userState, { id: target.id }))
      .set(as(reader));
    expect(UserFollowResponseSchema.parse(state.body).data).toEqual({ following: true, followers: 1 });

    const unfollows = await Promise.all(Array.from({ length: 8 }, () => unfollowUser(reader, target)));
    for (const res of unfollows) {
      expect(res.status).toBe(200);
      expect(UserFollowResponseSchema.parse(res.body).data).toEqual({ following: false, followers: 0 });
    }

    expect((await followUser(reader, reader)).status).toBe(400);
    expect((await followUser(reader, { id: 999_999 })).status).toBe(404);
    expect((await t.api().put(routePath(FOLLOW_ROUTES.followUser, { id: target.id }))).status).toBe(401);
  });

  it("shows anyone's public profile by username with only approved works; unknown names are 404", async () => {
    const owner = await newUser(t.orm);
    const work = await newSeries(t.orm, { owner, title: 'عمل منشور للمؤلف' });
    await newSeries(t.orm, { owner, title: 'عمل ينتظر', moderationStatus: 'pending' });
    await newChapter(t.orm, { series: work, number: 1, uploader: owner });
    await followUser(reader, owner);

    const res = await t
      .api()
      .get(routePath(PROFILE_ROUTES.publicProfile, { username: owner.username.toUpperCase() }));
    expect(res.status).toBe(200);
    const profile = PublicProfileResponseSchema.parse(res.body).data;
    expect(profile).toMatchObject({
      id: owner.id,
      username: owner.username,
      followers: 1,
      following: 0,
      approvedSeries: 1,
      approvedChapters: 1,
    });
    expect(profile.works.map((w) => w.id)).toEqual([work.id]);
    expect(profile.badges.map((b) => b.id)).toContain('first-chapter');

    const unknown = await t
      .api()
      .get(routePath(PROFILE_ROUTES.publicProfile, { username: 'لا-أحد-بهذا-الاسم' }));
    expect(unknown.status).toBe(404);
    const noActivity = await t
      .api()
      .get(routePath(COMMUNITY_ROUTES.userActivity, { username: 'لا-أحد-بهذا-الاسم' }));
    expect(noActivity.status).toBe(404);
  });

  it("the following tab lists only followed users' public activity, newest first, never pending content", async () => {
    const follower = await newUser(t.orm);
    cookies.set(follower.id, await signIn(t, follower));
    const published = await newSeries(t.orm, { owner: author, title: 'عمل المؤلف المنشور' });
    const pending = await newSeries(t.orm, {
      owner: author,
      title: 'عمل لم يُعتمد',
      moderationStatus: 'pending',
    });
    const approvedChapter = await newChapter(t.orm, { series: published, number: 2, uploader: author });
    const pendingChapter = await newChapter(t.orm, {
      series: published,
      number: 3,
      uploader: author,
      moderationStatus: 'pending',
    });
    const authorComment = await comment(author, published, 'تعليق المؤلف على عمله');
    await comment(stranger, published, 'تعليق من شخص لا يتابعه أحد');
    const novel = await newSeries(t.orm, { owner: author, title: 'رواية المؤلف', type: 'novel' });

    expect((await following(follower)).data).toEqual([]);
    expect((await followUser(follower, author)).status).toBe(200);

    const feed = await following(follower, '?type=manga');
    const keys = feed.data.map((a) => a.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `comment:${authorComment}`,
        `chapter:${approvedChapter.id}`,
        `series:${published.id}`,
      ]),
    );
    expect(keys).not.toContain(`chapter:${pendingChapter.id}`);
    expect(keys).not.toContain(`series:${pending.id}`);
    expect(keys).not.toContain(`series:${novel.id}`);
    expect(feed.data.every((a) => a.username === author.username)).toBe(true);
    const times = feed.data.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(feed.data.find((a) => a.kind === 'comment')?.path).toContain(`#comment-${authorComment}`);

    const novels = await following(follower, '?type=novel');
    expect(novels.data.map((a) => a.key)).toEqual([`series:${novel.id}`]);

    // Anyone reads one user's public activity, with the same rules.
    const own = await t.api().get(routePath(COMMUNITY_ROUTES.userActivity, { username: author.username }));
    expect(own.status).toBe(200);
    const ownKeys = PublicActivityResponseSchema.parse(own.body).data.map((a) => a.key);
    expect(ownKeys).toEqual(expect.arrayContaining([`series:${novel.id}`, `chapter:${approvedChapter.id}`]));
    expect(ownKeys).not.toContain(`series:${pending.id}`);

    expect((await t.api().get(routePath(COMMUNITY_ROUTES.following))).status).toBe(401);
  });

  it('keyset-pages the following tab, each item once', async () => {
    const follower = await newUser(t.orm);
    const busy = await newUser(t.orm);
    cookies.set(follower.id, await signIn(t, follower));
    const series = await newSeries(t.orm, { owner: busy, type: 'manhwa', title: 'عمل كثير الفصول' });
    for (let n = 1; n <= COMMUNITY_LIMITS.feedPageSize + 4; n++) {
      await newChapter(t.orm, { series, number: n, uploader: busy });
    }
    await followUser(follower, busy);
    const one = await following(follower, '?type=manhwa');
    expect(one.data).toHaveLength(COMMUNITY_LIMITS.feedPageSize);
    expect(one.nextCursor).not.toBeNull();
    const two = await following(follower, `?type=manhwa&cursor=${one.nextCursor}`);
    expect(two.nextCursor).toBeNull();
    const all = [...one.data, ...two.data].map((a) => a.key);
    expect(new Set(all).size).toBe(COMMUNITY_LIMITS.feedPageSize + 5);
    expect(
      (
        await t
          .api()
          .get(`${routePath(COMMUNITY_ROUTES.following)}?cursor=bm9wZQ`)
          .set(as(follower))
      ).status,
    ).toBe(400);
  });

  it("the popular tab ranks this week's most followed series, approved only", async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, () => newUser(t.orm)));
    for (const fan of fans) cookies.set(fan.id, await signIn(t, fan));
    const hit = await newSeries(t.orm, { type: 'manhua', title: 'المانها الأكثر متابعة' });
    const less = await newSeries(t.orm, { type: 'manhua', title: 'مانها أقل متابعة' });
    const follow = (u: TestUser, s: TestSeries) =>
      t
        .api()
        .put(routePath(FOLLOW_ROUTES.followSeries, { id: s.id }))
        .set(as(u));
    for (const fan of fans) expect((await follow(fan, hit)).status).toBe(200);
    expect((await follow(fans[0]!, less)).status).toBe(200);
    const res = await t.api().get(`${routePath(COMMUNITY_ROUTES.popular)}?type=manhua`);
    const popular = CommunityPopularResponseSchema.parse(res.body);
    expect(popular.series.slice(0, 2)).toEqual([
      expect.objectContaining({ id: hit.id, count: 3 }),
      expect.objectContaining({ id: less.id, count: 1 }),
    ]);
  });

  it("reaches the follower's updates feed of each type from a followed user's approved chapters only", async () => {
    const follower = await newUser(t.orm);
    const translator = await newUser(t.orm);
    cookies.set(follower.id, await signIn(t, follower));
    const manhwa = await newSeries(t.orm, { type: 'manhwa', title: 'مانهوا المترجم' });
    const novel = await newSeries(t.orm, { type: 'novel', title: 'رواية المترجم' });
    const manhwaChapter = await newChapter(t.orm, { series: manhwa, number: 1, uploader: translator });
    const novelChapter = await newChapter(t.orm, { series: novel, number: 1, uploader: translator });
    const pending = await newChapter(t.orm, {
      series: novel,
      number: 2,
      uploader: translator,
      moderationStatus: 'pending',
    });
    const english = await newChapter(t.orm, {
      series: novel,
      number: 3,
      uploader: translator,
      language: 'EN',
    });
    await followUser(follower, translator);
    const prefs = await t
      .api()
      .put(routePath(FOLLOW_ROUTES.savePreferences))
      .set(as(follower))
      .send({ languages: ['AR'] });
    expect(prefs.status).toBe(200);

    const feedOf = async (type: string) => {
      const res = await t
        .api()
        .get(`${routePath(FOLLOW_ROUTES.updates)}?type=${type}`)
        .set(as(follower));
      expect(res.status).toBe(200);
      return UpdatesResponseSchema.parse(res.body).data.flatMap((g) => g.chapters.map((c) => c.id));
    };
    expect(await feedOf('manhwa')).toEqual([manhwaChapter.id]);
    const novels = await feedOf('novel');
    expect(novels).toEqual([novelChapter.id]);
    expect(novels).not.toContain(pending.id);
    expect(novels).not.toContain(english.id);
    expect(await feedOf('manga')).toEqual([]);
  });
});
