import { CONTENT_MESSAGES, SearchResponseSchema, SeriesListResponseSchema } from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

// Issue 13: every reading site lists its own type, and /search finds a work of any type with the
// count of each type beside the results.
describe('catalogue: per-type lists and the search of every type', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await newSeries(t.orm, { title: 'زهرة الشتاء', type: 'manhwa', tags: ['romance'] });
    await newSeries(t.orm, { title: 'زهرة الصحراء', type: 'novel', tags: ['drama'] });
    await newSeries(t.orm, { title: 'زهرة النار', type: 'manga', tags: ['action'] });
    await newSeries(t.orm, { title: 'زهرة مخفية', type: 'manhua', moderationStatus: 'pending' });
    await newSeries(t.orm, { title: 'سيف التنين', type: 'manhua', tags: ['action'] });
  });
  afterAll(() => t.close());

  it("lists only the manhwa site's type, with its category filter", async () => {
    const res = await t.api().get('/api/content?type=manhwa&limit=10');
    expect(res.status).toBe(200);
    const body = SeriesListResponseSchema.parse(res.body);
    expect(body.data.map((s) => s.title)).toEqual(['زهرة الشتاء']);
    const romance = await t.api().get('/api/content?type=manhwa&category=romance');
    expect(SeriesListResponseSchema.parse(romance.body).data.map((s) => s.type)).toEqual(['manhwa']);
    const action = await t.api().get('/api/content?type=manhwa&category=action');
    expect(SeriesListResponseSchema.parse(action.body).data).toEqual([]);
  });

  it('searches every type with one count per type; hamza and taa marbuta forms meet', async () => {
    const res = await t.api().get(`/api/content/search?q=${encodeURIComponent('زهره')}`);
    expect(res.status).toBe(200);
    const body = SearchResponseSchema.parse(res.body);
    // The pending manhua is nobody's public result.
    expect(body.facets).toEqual({ manga: 1, manhua: 0, manhwa: 1, novel: 1 });
    expect(body.meta.total).toBe(3);
    expect(body.data.map((s) => s.title).sort()).toEqual(
      ['زهرة الشتاء', 'زهرة الصحراء', 'زهرة النار'].sort(),
    );
  });

  it('gives one type’s page while still counting the others (a manhwa found from the manga site)', async () => {
    const res = await t.api().get(`/api/content/search?q=${encodeURIComponent('زهرة')}&type=manhwa`);
    const body = SearchResponseSchema.parse(res.body);
    expect(body.data.map((s) => [s.title, s.type])).toEqual([['زهرة الشتاء', 'manhwa']]);
    expect(body.meta.total).toBe(1);
    expect(body.facets.manga).toBe(1);
    const none = await t.api().get(`/api/content/search?q=${encodeURIComponent('زهرة')}&type=manhua`);
    expect(SearchResponseSchema.parse(none.body)).toMatchObject({
      data: [],
      facets: { manhua: 0, manhwa: 1 },
    });
  });

  it('finds a title with one typo', async () => {
    const res = await t.api().get(`/api/content/search?q=${encodeURIComponent('سيف التنبن')}`);
    const body = SearchResponseSchema.parse(res.body);
    expect(body.data.map((s) => s.title)).toContain('سيف التنين');
    expect(body.facets.manhua).toBe(1);
  });

  it('refuses an empty or too long query and an unknown type with Arabic messages', async () => {
    const empty = await t.api().get('/api/content/search?q=%20%20');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('يرجى إدخال نص البحث');
    const long = await t.api().get(`/api/content/search?q=${'ا'.repeat(101)}`);
    expect(long.status).toBe(400);
    const badType = await t.api().get('/api/content/search?q=x&type=comic');
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('نوع عمل غير صالح');
  });

  it('a query of only punctuation matches nothing rather than everything', async () => {
    const res = await t.api().get(`/api/content/search?q=${encodeURIComponent('%_!')}`);
    expect(res.status).toBe(200);
    expect(SearchResponseSchema.parse(res.body)).toMatchObject({
      data: [],
      facets: { manga: 0, manhua: 0, manhwa: 0, novel: 0 },
    });
  });

  it("creates a work of the site's type, with that type's origin; a manhwa from Japan is refused", async () => {
    const cookie = await signIn(t, await newUser(t.orm));
    const body = (type: string, origin?: string) => ({
      title: `عمل ${type} ${Date.now()}`,
      description: 'وصف طويل بما يكفي لعمل جديد يُراجع قبل النشر.',
      type,
      metadata: { author: 'كاتب', year: 2024, ...(origin ? { origin } : {}) },
    });
    const refused = await t.api().post('/api/content').set('Cookie', cookie).send(body('manhwa', 'japan'));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(CONTENT_MESSAGES.originForType);
    const manhua = await t.api().post('/api/content').set('Cookie', cookie).send(body('manhua', 'korea'));
    expect(manhua.status).toBe(400);

    // Without an origin a manhwa is Korean; a novel may come from anywhere.
    const manhwa = await t.api().post('/api/content').set('Cookie', cookie).send(body('manhwa'));
    expect(manhwa.status).toBe(201);
    const created = await t.api().get(`/api/manga/${manhwa.body.id}`).set('Cookie', cookie);
    expect(created.body.data).toMatchObject({ type: 'manhwa', metadata: { origin: 'korea' } });
    const novel = await t.api().post('/api/content').set('Cookie', cookie).send(body('novel', 'japan'));
    expect(novel.status).toBe(201);
  });
});
