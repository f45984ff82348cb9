import {
  CONTENT_ROUTES,
  HomeFeedResponseSchema,
  MODERATION_ROUTES,
  routePath,
  SERIES_TYPES,
  type SeriesType,
} from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

const feedPath = routePath(CONTENT_ROUTES.homeFeed);

/** Spec §2 per-type sites: each site's home is the feed filtered to its type. */
describe('GET /api/content/popular-new?type=', () => {
  let t: TestApp;
  const seriesByType = new Map<SeriesType, TestSeries>();
  let typeOfSlug: Map<string, SeriesType>;

  beforeAll(async () => {
    t = await createTestApp();
    typeOfSlug = new Map();
    for (const type of SERIES_TYPES) {
      const series = await newSeries(t.orm, { title: `عمل من نوع ${type}`, type });
      await newChapter(t.orm, { series, number: 1 });
      seriesByType.set(type, series);
      typeOfSlug.set(series.slug, type);
    }
    // Hidden series never reach a feed, whatever its type.
    await newSeries(t.orm, { title: 'مانهوا معلقة', type: 'manhwa', moderationStatus: 'pending' });
  });

  afterAll(() => t.close());

  const feedOf = async (query: string) => {
    const res = await t.api().get(`${feedPath}${query}`);
    expect(res.status).toBe(200);
    return HomeFeedResponseSchema.parse(res.body);
  };

  it.each(SERIES_TYPES.map((type) => [type]))('with type=%s lists only that type', async (type) => {
    const feed = await feedOf(`?type=${type}`);
    const own = seriesByType.get(type)!;
    for (const grid of [feed.data, feed.seasonal, feed.recent]) {
      expect(grid.map((s) => s.id)).toEqual([own.id]);
      expect(grid.map((s) => s.content.type)).toEqual([type]);
    }
    expect(feed.latestUpdates.map((u) => typeOfSlug.get(u.mangaSlug))).toEqual([type]);
  });

  it('without a type answers the mixed feed of every type', async () => {
    const feed = await feedOf('');
    expect(new Set(feed.recent.map((s) => s.type))).toEqual(new Set(SERIES_TYPES));
    expect(new Set(feed.latestUpdates.map((u) => typeOfSlug.get(u.mangaSlug)))).toEqual(
      new Set(SERIES_TYPES),
    );
  });

  it.each([['comic'], ['MANHWA'], [''], ["manga' or 1=1"]])(
    'refuses type=%j with 400 and a field error',
    async (bad) => {
      const res = await t.api().get(`${feedPath}?type=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.type).toContain('نوع عمل غير صالح');
    },
  );

  it("a new series shows on its type's cached feed at once, and not on another type's", async () => {
    await feedOf('?type=manhua');
    await feedOf('?type=novel');
    const staff = await newUser(t.orm, { role: 'moderator' });
    const cookie = await signIn(t, staff);
    const created = await t
      .api()
      .post(routePath(CONTENT_ROUTES.create))
      .set('Cookie', cookie)
      .send({
        title: 'مانهوا جديدة',
        description: 'قصة طويلة عن فارس شاب يبحث عن سيف أسطوري في أرض بعيدة.',
        type: 'manhua',
        status: 'ongoing',
        metadata: { author: 'كاتب', year: 2021, altTitles: [], tags: [], origin: 'china' },
      });
    expect(created.status).toBe(201);
    // Submitted works wait for review: the approval is what puts it on its type's feed.
    const { id } = created.body as { id: number };
    const approved = await t
      .api()
      .put(`${routePath(MODERATION_ROUTES.approve, { id })}?contentType=series`)
      .set('Cookie', cookie)
      .send({});
    expect(approved.status).toBe(200);
    expect((await feedOf('?type=manhua')).recent.map((s) => s.title)).toEqual([
      'مانهوا جديدة',
      'عمل من نوع manhua',
    ]);
    expect((await feedOf('?type=novel')).recent.map((s) => s.title)).toEqual(['عمل من نوع novel']);
  });
});
