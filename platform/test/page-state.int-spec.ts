import { DEFAULT_NOVEL_READER_SETTINGS, GUEST_PAGE_STATE, PageStateResponseSchema } from '@warraq/contracts';
import { RequestContext } from '@mikro-orm/core';
import { ApiTokenService } from '../src/modules/auth/api-token.service';
import { SessionService } from '../src/modules/auth/session.service';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('GET /api/me/page-state: the personal part of a public page in one call', () => {
  let t: TestApp;
  let reader: TestUser;
  let moderator: TestUser;
  let readerCookie: string;
  let modCookie: string;
  let series: TestSeries;
  let chapter: TestChapter;
  const url = () => `/api/me/page-state?contentId=${series.id}&chapterId=${chapter.id}`;

  beforeAll(async () => {
    t = await createTestApp();
    [reader, moderator] = await Promise.all([newUser(t.orm), newUser(t.orm, { role: 'moderator' })]);
    [readerCookie, modCookie] = await Promise.all([signIn(t, reader), signIn(t, moderator)]);
    series = await newSeries(t.orm, { title: 'حالة الصفحة' });
    chapter = await newChapter(t.orm, { series, number: 1, pages: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a guest gets the guest answer the edge also gives, never cached', async () => {
    const res = await t.api().get(url());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(GUEST_PAGE_STATE);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("a reader gets who they are, the bell's figure and their like and favourite on the series", async () => {
    const like = await t
      .api()
      .post('/api/content/like')
      .set('Cookie', readerCookie)
      .send({ contentId: series.id, chapterId: chapter.id, action: 'like' });
    expect(like.status).toBe(200);
    const fav = await t
      .api()
      .post('/api/content/favorite')
      .set('Cookie', readerCookie)
      .send({ contentId: series.id, action: 'add' });
    expect(fav.status).toBe(200);

    const res = await t.api().get(url()).set('Cookie', readerCookie);
    expect(res.status).toBe(200);
    const state = PageStateResponseSchema.parse(res.body);
    expect(state.viewer).toEqual({
      id: reader.id,
      username: reader.username,
      role: 'reader',
      isAdmin: false,
      isStaff: false,
      numerals: 'arab',
      novelReader: DEFAULT_NOVEL_READER_SETTINGS,
    });
    expect(state.unread).toBe(0);
    expect(state.series).toMatchObject({ isLiked: true, isFavorite: true, userRating: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("carries the reader's novel reader settings, so a cached text chapter shows them", async () => {
    const saved = await t
      .api()
      .post(`/api/users/${reader.id}/preferences`)
      .set('Cookie', readerCookie)
      .send({ novelReader: { font: 'plex-sans', size: 26 } });
    expect(saved.status).toBe(200);
    const state = PageStateResponseSchema.parse((await t.api().get(url()).set('Cookie', readerCookie)).body);
    expect(state.viewer?.novelReader).toEqual({
      ...DEFAULT_NOVEL_READER_SETTINGS,
      font: 'plex-sans',
      size: 26,
    });
  });

  it("the bell's figure is the reader's own unread count, the same on a list, a series and a chapter page", async () => {
    const [owner, other] = await Promise.all([newUser(t.orm), newUser(t.orm)]);
    const [ownerCookie, otherCookie] = await Promise.all([signIn(t, owner), signIn(t, other)]);
    const notifications = t.app.get(NotificationsService);
    const notice = { type: 'system', title: 'تنبيه', body: 'نص التنبيه', path: null } as const;
    const first = await notifications.notify(owner.id, notice);
    await notifications.notify(owner.id, notice);
    await notifications.notify(other.id, notice);
    const unreadOn = async (cookie: string) =>
      Promise.all(
        ['/api/me/page-state', `/api/me/page-state?contentId=${series.id}`, url()].map(
          async (path) =>
            PageStateResponseSchema.parse((await t.api().get(path).set('Cookie', cookie)).body).unread,
        ),
      );
    expect(await unreadOn(ownerCookie)).toEqual([2, 2, 2]);
    expect(await unreadOn(otherCookie)).toEqual([1, 1, 1]);
    await notifications.markRead(owner.id, { ids: [first.id] });
    expect(await unreadOn(ownerCookie)).toEqual([1, 1, 1]);
  });

  it('a moderator is staff; without a series the state is only who and unread', async () => {
    const res = await t.api().get('/api/me/page-state').set('Cookie', modCookie);
    const state = PageStateResponseSchema.parse(res.body);
    expect(state.viewer).toMatchObject({ id: moderator.id, isStaff: true, isAdmin: false });
    expect(state.series).toBeNull();
  });

  it('reads the account on every call: a role, reading mode or numerals changed in the database count at once, a deleted account is a guest', async () => {
    const someone = await newUser(t.orm);
    const cookie = await signIn(t, someone);
    const stateOn = async (path: string) =>
      PageStateResponseSchema.parse((await t.api().get(path).set('Cookie', cookie)).body);
    const sql = (statement: string) => t.orm.em.fork().getConnection().execute(statement, [someone.id]);
    expect((await stateOn(url())).viewer).toMatchObject({ role: 'reader', isStaff: false });

    await sql(
      `update "user" set role = 'moderator', reading_mode = 'paged-ltr',
         preferences = jsonb_set(preferences, '{numerals}', '"latn"') where id = ?`,
    );
    for (const path of ['/api/me/page-state', url()]) {
      expect((await stateOn(path)).viewer).toMatchObject({
        role: 'moderator',
        isStaff: true,
        numerals: 'latn',
      });
    }
    expect((await stateOn(url())).series?.readingMode).toBe('paged-ltr');

    await sql('delete from "user" where id = ?');
    expect(await stateOn(url())).toEqual(GUEST_PAGE_STATE);
    // The call that found the account gone also ended its session (Redis holds it no more).
    const sessionId = cookie.split(';')[0]!.split('=')[1];
    expect(await t.app.get(SessionService).resolve(sessionId)).toBeNull();
  });

  it('a bearer token names its reader as a session does', async () => {
    const tokens = t.app.get(ApiTokenService);
    const { token } = await RequestContext.create(t.orm.em, () => tokens.issue(reader.id));
    const res = await t.api().get(url()).set('Authorization', `Bearer ${token}`);
    expect(PageStateResponseSchema.parse(res.body).viewer).toMatchObject({ id: reader.id, role: 'reader' });
    const forged = await t
      .api()
      .get(url())
      .set('Authorization', `Bearer ${token.slice(0, -2)}xx`);
    expect(forged.body).toEqual(GUEST_PAGE_STATE);
  });

  it("refuses a malformed query with the field at fault, in the API's error shape", async () => {
    const res = await t.api().get('/api/me/page-state?contentId=abc').set('Cookie', readerCookie);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      statusCode: 400,
      errors: { contentId: expect.any(Array) },
    });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('is served ahead of the router as a GET, with the headers of any API answer and no ETag', async () => {
    const res = await t.api().get(url()).set('Cookie', readerCookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(res.body))));
    expect(res.headers.etag).toBeUndefined();
    const head = await t.api().head(url()).set('Cookie', readerCookie);
    expect(head.status).toBe(200);
    const post = await t.api().post(url()).set('Cookie', readerCookie).send({});
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ success: false, statusCode: 404 });
  });

  it("answers 503 in the API's shape, and recovers, when PostgreSQL refuses the statement", async () => {
    // The page state's own statement failing (as on a failover) must not leave the reader a 500 or a
    // hung request: the direct route answers as the exception filter would.
    const pool = (await t.orm.em.getConnection().getNativeClient()) as {
      query: (...args: unknown[]) => unknown;
    };
    const query = pool.query;
    pool.query = () => Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    try {
      const res = await t.api().get(url()).set('Cookie', readerCookie);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, statusCode: 503 });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      pool.query = query;
    }
    expect((await t.api().get(url()).set('Cookie', readerCookie)).status).toBe(200);
  });

  describe("a series page's chapter list: read markers and the pending chapters only the viewer may see", () => {
    let uploader: TestUser;
    let admin: TestUser;
    let uploaderCookie: string;
    let adminCookie: string;
    let listed: TestSeries;
    let approved: TestChapter;
    let pendingOwn: TestChapter;
    let pendingOther: TestChapter;
    const listUrl = () => `/api/me/page-state?contentId=${listed.id}`;
    const stateOf = async (cookie: string | null, path = listUrl()) => {
      const request = t.api().get(path);
      const res = await (cookie ? request.set('Cookie', cookie) : request);
      expect(res.status).toBe(200);
      return PageStateResponseSchema.parse(res.body);
    };
    const pendingIds = (state: { series: { pendingChapters: { id: number }[] } | null }) =>
      state.series?.pendingChapters.map((variant) => variant.id);

    beforeAll(async () => {
      [uploader, admin] = await Promise.all([newUser(t.orm), newUser(t.orm, { role: 'admin' })]);
      [uploaderCookie, adminCookie] = await Promise.all([signIn(t, uploader), signIn(t, admin)]);
      listed = await newSeries(t.orm, { title: 'قائمة الفصول', owner: uploader });
      approved = await newChapter(t.orm, { series: listed, number: 1 });
      pendingOwn = await newChapter(t.orm, {
        series: listed,
        number: 2,
        uploader,
        moderationStatus: 'pending',
      });
      pendingOther = await newChapter(t.orm, {
        series: listed,
        number: 3,
        uploader: moderator,
        moderationStatus: 'pending',
      });
      await newChapter(t.orm, { series: listed, number: 4, uploader, moderationStatus: 'rejected' });
    });

    it('the uploader gets their own pending chapter, marked pending, and no one else’s', async () => {
      const state = await stateOf(uploaderCookie);
      expect(pendingIds(state)).toEqual([pendingOwn.id]);
      expect(state.series?.pendingChapters[0]).toMatchObject({
        chapterNumber: 2,
        moderationStatus: 'pending',
        language: 'AR',
      });
    });

    it('staff get every pending chapter of the series (never a rejected one), newest number first', async () => {
      for (const cookie of [modCookie, adminCookie]) {
        expect(pendingIds(await stateOf(cookie))).toEqual([pendingOther.id, pendingOwn.id]);
      }
    });

    it('the role that shows pending chapters is the one the account holds at the call: staff demoted see only their own', async () => {
      const demoted = await newUser(t.orm, { role: 'moderator' });
      const cookie = await signIn(t, demoted);
      expect(pendingIds(await stateOf(cookie))).toEqual([pendingOther.id, pendingOwn.id]);
      await t.orm.em
        .fork()
        .getConnection()
        .execute(`update "user" set role = 'reader' where id = ?`, [demoted.id]);
      const state = await stateOf(cookie);
      expect(state.viewer).toMatchObject({ role: 'reader', isStaff: false });
      expect(pendingIds(state)).toEqual([]);
    });

    it('a plain reader gets none and a guest gets no series state at all', async () => {
      expect(pendingIds(await stateOf(readerCookie))).toEqual([]);
      expect((await stateOf(null)).series).toBeNull();
    });

    it('a pending series is nobody’s but its creator’s and staff’s: a reader gets nothing of it', async () => {
      const hidden = await newSeries(t.orm, { title: 'بانتظار المراجعة', moderationStatus: 'pending' });
      await newChapter(t.orm, { series: hidden, number: 1, uploader: reader, moderationStatus: 'pending' });
      const path = `/api/me/page-state?contentId=${hidden.id}`;
      expect(pendingIds(await stateOf(readerCookie, path))).toEqual([]);
      expect(pendingIds(await stateOf(modCookie, path))).toHaveLength(1);
    });

    it("carries the reader's read markers (approved chapters only), so the list asks nothing more", async () => {
      const mark = await t
        .api()
        .put(`/api/library/series/${listed.id}/read`)
        .set('Cookie', readerCookie)
        .send({ number: 1, read: true });
      expect(mark.status).toBe(200);
      const state = await stateOf(readerCookie);
      expect(state.series?.readChapterIds).toEqual([approved.id]);
      expect((await stateOf(uploaderCookie)).series?.readChapterIds).toEqual([]);
    });

    it('carries the follow of the series and of its creator, and the shelf, so those buttons ask nothing', async () => {
      expect((await stateOf(readerCookie)).series).toMatchObject({
        follow: { following: false, followers: 0 },
        shelf: null,
        creatorFollow: { following: false, followers: 0 },
      });
      for (const [method, path, body] of [
        ['put', `/api/follows/series/${listed.id}`, undefined],
        ['put', `/api/follows/shelves/${listed.id}`, { shelf: 'plan' }],
        ['put', `/api/follows/users/${uploader.id}`, undefined],
      ] as const) {
        const res = await t.api()[method](path).set('Cookie', readerCookie).send(body);
        expect([path, res.status]).toEqual([path, 200]);
      }
      const chapterPage = await stateOf(readerCookie, `${listUrl()}&chapterId=${approved.id}`);
      expect(chapterPage.series).toMatchObject({
        follow: { following: true, followers: 1 },
        shelf: 'plan',
        creatorFollow: { following: true, followers: 1 },
      });
      // The creator is offered no follow of themself.
      expect((await stateOf(uploaderCookie)).series?.creatorFollow).toBeNull();
    });

    it('a series hidden after a reader followed, shelved and read it shows them none of that; its creator still sees their count', async () => {
      const hiding = await newSeries(t.orm, { title: 'تُخفى بعد المتابعة', owner: uploader });
      await newChapter(t.orm, { series: hiding, number: 1 });
      const path = `/api/me/page-state?contentId=${hiding.id}`;
      for (const [method, route, body] of [
        ['put', `/api/follows/series/${hiding.id}`, { preferredGroups: ['فريق النور'], hiddenGroups: [] }],
        ['put', `/api/follows/shelves/${hiding.id}`, { shelf: 'plan' }],
        ['put', `/api/follows/users/${uploader.id}`, undefined],
        ['put', `/api/library/series/${hiding.id}/read`, { number: 1, read: true }],
      ] as const) {
        const res = await t.api()[method](route).set('Cookie', readerCookie).send(body);
        expect([route, res.status]).toEqual([route, 200]);
      }
      const shown = (await stateOf(readerCookie, path)).series;
      expect(shown).toMatchObject({
        follow: { following: true, followers: 1, preferredGroups: ['فريق النور'], hiddenGroups: [] },
        shelf: 'plan',
        creatorFollow: { following: true },
      });
      expect(shown?.readChapterIds).toHaveLength(1);

      await t.orm.em
        .fork()
        .getConnection()
        .execute(`update series set moderation_status = 'pending' where id = ?`, [hiding.id]);
      expect((await stateOf(readerCookie, path)).series).toMatchObject({
        follow: { following: false, followers: 0, preferredGroups: [], hiddenGroups: [] },
        shelf: null,
        creatorFollow: null,
        readChapterIds: [],
        pendingChapters: [],
      });
      expect((await stateOf(uploaderCookie, path)).series?.follow).toEqual({
        following: false,
        followers: 1,
        preferredGroups: [],
        hiddenGroups: [],
      });
    });

    it('a chapter page gets neither (its list is not on the page)', async () => {
      const state = await stateOf(modCookie, `${listUrl()}&chapterId=${approved.id}`);
      expect(state.series).toMatchObject({ readChapterIds: [], pendingChapters: [] });
    });
  });
});
