import { CONTENT_MESSAGES, ChapterResponseSchema, type LikeBody } from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('reader, reactions and counters', () => {
  let t: TestApp;
  let reader: TestUser;
  let uploader: TestUser;
  let moderator: TestUser;
  let readerCookie: string;
  let uploaderCookie: string;
  let modCookie: string;
  let series: TestSeries;
  let ch1: TestChapter;
  let ch1en: TestChapter;
  let ch1fr: TestChapter;
  let ch15: TestChapter;
  let ch2: TestChapter;
  let ch3pending: TestChapter;

  const path = (n: number | string, query = '') =>
    `/api/series/manga/${encodeURIComponent(series.slug)}/${n}${query}`;
  const count = async (sql: string, params: unknown[]) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>(sql, params as never[])
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    [reader, uploader, moderator] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'moderator' }),
    ]);
    [readerCookie, uploaderCookie, modCookie] = await Promise.all([
      signIn(t, reader),
      signIn(t, uploader),
      signIn(t, moderator),
    ]);
    series = await newSeries(t.orm, { title: 'قارئ الفصول' });
    ch1 = await newChapter(t.orm, { series, number: 1, pages: 3 });
    ch1en = await newChapter(t.orm, { series, number: 1, language: 'EN', group: 'Scans', viewCount: 50 });
    ch1fr = await newChapter(t.orm, { series, number: 1, language: 'FR', group: 'Équipe' });
    ch15 = await newChapter(t.orm, { series, number: 1.5, language: 'EN', pages: 1 });
    ch2 = await newChapter(t.orm, { series, number: 2 });
    ch3pending = await newChapter(t.orm, { series, number: 3, moderationStatus: 'pending', uploader });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the contract shape with next/prev across decimal numbers', async () => {
    const res = await t.api().get(path(1));
    expect(res.status).toBe(200);
    const chapter = ChapterResponseSchema.parse(res.body).data;
    expect(chapter.id).toBe(ch1.id);
    expect(chapter.language).toBe('AR');
    expect(chapter.images).toHaveLength(3);
    expect(chapter.images[0]).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(chapter.pages[0]).toMatchObject({ width: 800, height: 1200 });
    // Seeded pages were never sliced: each image is its own uploaded page.
    expect(chapter.pages.map((p) => p.source)).toEqual([0, 1, 2]);
    expect(chapter.prevChapter).toBeNull();
    expect(chapter.nextChapter).toEqual({ id: ch15.id, chapterNumber: 1.5 });
    expect(chapter.chapterNumbers).toEqual([1, 1.5, 2]);
    expect(chapter.variants.map((v) => v.language).sort()).toEqual(['AR', 'EN', 'FR']);

    const mid = ChapterResponseSchema.parse((await t.api().get(path('1.5'))).body).data;
    // Reading 1.5 in EN: the neighbours prefer the same language.
    expect(mid.prevChapter).toEqual({ id: ch1en.id, chapterNumber: 1 });
    expect(mid.nextChapter).toEqual({ id: ch2.id, chapterNumber: 2 });
    const last = ChapterResponseSchema.parse((await t.api().get(path(2))).body).data;
    expect(last.nextChapter).toBeNull();
    expect(last.prevChapter?.chapterNumber).toBe(1.5);
  });

  it('picks the requested variant, else the language, else AR', async () => {
    expect((await t.api().get(path(1, `?variant=${ch1fr.id}`))).body.data.id).toBe(ch1fr.id);
    expect((await t.api().get(path(1, '?lang=EN'))).body.data.id).toBe(ch1en.id);
    expect((await t.api().get(path(1, '?lang=KO'))).body.data.id).toBe(ch1.id);
    // 1.5 has no AR variant: the most viewed approved one.
    expect((await t.api().get(path('1.5'))).body.data.id).toBe(ch15.id);
  });

  it('unknown chapter or series → 404 with the spec message', async () => {
    const res = await t.api().get(path(7));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CONTENT_MESSAGES.chapterNotFound);
    expect((await t.api().get('/api/series/manga/nothing-here/1')).status).toBe(404);
    expect((await t.api().get(path('abc'))).status).toBe(400);
  });

  it('a pending chapter is invisible to others, visible to its uploader and staff', async () => {
    expect((await t.api().get(path(3))).status).toBe(404);
    expect((await t.api().get(path(3)).set('Cookie', readerCookie)).status).toBe(404);
    const own = await t.api().get(path(3)).set('Cookie', uploaderCookie);
    expect(own.status).toBe(200);
    expect(own.body.data.moderationStatus).toBe('pending');
    expect((await t.api().get(path(3)).set('Cookie', modCookie)).body.data.id).toBe(ch3pending.id);
    const publicNumbers = (await t.api().get(path(2))).body.data;
    expect(publicNumbers.chapterNumbers).toEqual([1, 1.5, 2]);
    expect(publicNumbers.nextChapter).toBeNull();
  });

  it('counts a view once per viewer per chapter per day', async () => {
    const before = await count('select view_count as n from chapter where id = ?', [ch2.id]);
    const agent = 'Mozilla/5.0 test-reader';
    await t.api().get(path(2)).set('User-Agent', agent);
    await t.api().get(path(2)).set('User-Agent', agent);
    await t.api().get(path(2)).set('Cookie', readerCookie);
    await t.api().get(path(2)).set('Cookie', readerCookie);
    expect(await count('select view_count as n from chapter where id = ?', [ch2.id])).toBe(before + 2);
    expect(await count('select count(*)::int as n from chapter_view where chapter_id = ?', [ch2.id])).toBe(
      before + 2,
    );
    await t.api().get(path(2)).set('User-Agent', 'another browser');
    expect(await count('select view_count as n from chapter where id = ?', [ch2.id])).toBe(before + 3);
  });

  it('guests share a cached answer until content changes, readers always get it fresh', async () => {
    const first = await t.api().get(path(2));
    expect(first.status).toBe(200);
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`update chapter set title = 'عنوان جديد' where id = ?`, [ch2.id]);
    expect((await t.api().get(path(2))).body.data.title).toBe(first.body.data.title);
    expect((await t.api().get(path(2)).set('Cookie', readerCookie)).body.data.title).toBe('عنوان جديد');
    const created = await t
      .api()
      .post('/api/content')
      .set('Cookie', readerCookie)
      .send({
        title: 'عمل يغيّر النسخة',
        description: 'وصف طويل بما يكفي لعمل جديد يُضاف إلى المنصة.',
        metadata: { author: 'كاتب', year: 2024 },
      });
    expect(created.status).toBe(201);
    expect((await t.api().get(path(2))).body.data.title).toBe('عنوان جديد');
  });

  it('a prefetch of the next chapter is not a view', async () => {
    const before = await count('select view_count as n from chapter where id = ?', [ch2.id]);
    const prefetched = await t
      .api()
      .get(path(2))
      .set('User-Agent', 'prefetching browser')
      .set('Purpose', 'prefetch');
    expect(prefetched.status).toBe(200);
    await t
      .api()
      .get(path(2))
      .set('User-Agent', 'another prefetching browser')
      .set('Sec-Purpose', 'prefetch;prerender');
    expect(await count('select view_count as n from chapter where id = ?', [ch2.id])).toBe(before);
    await t.api().get(path(2)).set('User-Agent', 'prefetching browser');
    expect(await count('select view_count as n from chapter where id = ?', [ch2.id])).toBe(before + 1);
  });

  it('like and favourite need login with the Arabic messages', async () => {
    const like = await t
      .api()
      .post('/api/content/like')
      .send({ contentId: series.id, chapterId: ch1.id, action: 'like' } satisfies LikeBody);
    expect(like.status).toBe(401);
    expect(like.body.message).toBe(CONTENT_MESSAGES.loginToLike);
    const fav = await t.api().post('/api/content/favorite').send({ contentId: series.id, action: 'add' });
    expect(fav.status).toBe(401);
    expect(fav.body.message).toBe(CONTENT_MESSAGES.loginToFavorite);
    expect((await t.api().post('/api/content/rate').send({ contentId: series.id, score: 5 })).status).toBe(
      401,
    );
    expect(
      (await t.api().post('/api/content/progress').send({ contentId: series.id, chapterId: ch1.id })).status,
    ).toBe(401);
  });

  it('20 concurrent identical likes and favourites count once; unlikes too', async () => {
    const like = (action: 'like' | 'unlike') =>
      t
        .api()
        .post('/api/content/like')
        .set('Cookie', readerCookie)
        .send({ contentId: series.id, chapterId: ch1.id, action });
    const results = await Promise.all(Array.from({ length: 20 }, () => like('like')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const likeRows = () =>
      count('select count(*)::int as n from chapter_like where chapter_id = ?', [ch1.id]);
    expect(await count('select like_count as n from chapter where id = ?', [ch1.id])).toBe(await likeRows());
    expect(await likeRows()).toBe(1);
    expect(await count('select like_count as n from series where id = ?', [series.id])).toBe(1);

    const fav = (action: 'add' | 'remove') =>
      t
        .api()
        .post('/api/content/favorite')
        .set('Cookie', readerCookie)
        .send({ contentId: series.id, action });
    await Promise.all(Array.from({ length: 20 }, () => fav('add')));
    expect(await count('select favorite_count as n from series where id = ?', [series.id])).toBe(1);
    expect(await count('select count(*)::int as n from favorite where series_id = ?', [series.id])).toBe(1);

    const status = await t
      .api()
      .get(`/api/content/user-status?contentId=${series.id}&chapterId=${ch1.id}`)
      .set('Cookie', readerCookie);
    expect(status.body).toMatchObject({ isLiked: true, isFavorite: true, userRating: null });

    await Promise.all([
      ...Array.from({ length: 10 }, () => like('unlike')),
      ...Array.from({ length: 10 }, () => fav('remove')),
    ]);
    expect(await count('select like_count as n from chapter where id = ?', [ch1.id])).toBe(0);
    expect(await count('select like_count as n from series where id = ?', [series.id])).toBe(0);
    expect(await count('select favorite_count as n from series where id = ?', [series.id])).toBe(0);
  });

  it('a guest gets an all-false user status', async () => {
    const res = await t.api().get(`/api/content/user-status?contentId=${series.id}`);
    expect(res.body).toEqual({
      success: true,
      isLiked: false,
      isFavorite: false,
      userRating: null,
      progress: null,
      readingMode: null,
    });
  });

  it('rates 1..10 with a correct mean and count', async () => {
    const rate = (cookie: string, score: number) =>
      t.api().post('/api/content/rate').set('Cookie', cookie).send({ contentId: series.id, score });
    expect((await rate(readerCookie, 0)).status).toBe(400);
    expect((await rate(readerCookie, 11)).status).toBe(400);
    await rate(readerCookie, 4);
    await rate(readerCookie, 8); // replaces the first score
    const res = await rate(uploaderCookie, 5);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, rating: { average: 6.5, count: 2 }, userRating: 5 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => rate(modCookie, (i % 10) + 1)));
    const detail = await t.api().get(`/api/series/manga/${encodeURIComponent(series.slug)}`);
    const sum = await count('select sum(score)::int as n from rating where series_id = ?', [series.id]);
    expect(detail.body.data.rating.count).toBe(3);
    expect(detail.body.data.rating.average).toBe(Math.round((sum / 3) * 10) / 10);
  });

  it('stores progress and reading mode', async () => {
    const res = await t
      .api()
      .post('/api/content/progress')
      .set('Cookie', readerCookie)
      .send({ contentId: series.id, chapterId: ch15.id, page: 4, readingMode: 'paged-ltr' });
    expect(res.status).toBe(200);
    const status = await t
      .api()
      .get(`/api/content/user-status?contentId=${series.id}`)
      .set('Cookie', readerCookie);
    expect(status.body.progress).toEqual({
      chapterId: ch15.id,
      chapterNumber: 1.5,
      page: 4,
      paragraph: null,
    });
    expect(status.body.readingMode).toBe('paged-ltr');
    const hidden = await t
      .api()
      .post('/api/content/progress')
      .set('Cookie', readerCookie)
      .send({ contentId: series.id, chapterId: ch3pending.id });
    expect(hidden.status).toBe(404);
  });
});
