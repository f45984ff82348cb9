import { GUEST_PAGE_STATE, PageStateResponseSchema } from '@warraq/contracts';
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
    });
    expect(state.unread).toBe(0);
    expect(state.series).toMatchObject({ isLiked: true, isFavorite: true, userRating: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a moderator is staff; without a series the state is only who and unread', async () => {
    const res = await t.api().get('/api/me/page-state').set('Cookie', modCookie);
    const state = PageStateResponseSchema.parse(res.body);
    expect(state.viewer).toMatchObject({ id: moderator.id, isStaff: true, isAdmin: false });
    expect(state.series).toBeNull();
  });

  it('refuses a malformed query', async () => {
    const res = await t.api().get('/api/me/page-state?contentId=abc').set('Cookie', readerCookie);
    expect(res.status).toBe(400);
  });
});
