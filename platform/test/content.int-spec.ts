import {
  CONTENT_MESSAGES,
  type CreateContentBody,
  CreateContentResponseSchema,
  HomeFeedResponseSchema,
  MODERATION_MESSAGES,
  SeriesDetailResponseSchema,
  SeriesListResponseSchema,
} from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

const validBody = (overrides: Partial<CreateContentBody> = {}): CreateContentBody => ({
  title: 'عالم السيوف',
  description: 'قصة طويلة عن فارس شاب يبحث عن سيف أسطوري في أرض بعيدة.',
  type: 'manga',
  status: 'ongoing',
  metadata: { author: 'كاتب', year: 2021, altTitles: [], tags: ['action'], origin: 'japan' },
  ...overrides,
});

describe('series: lists, detail, visibility, search, create', () => {
  let t: TestApp;
  let creator: TestUser;
  let other: TestUser;
  let moderator: TestUser;
  let creatorCookie: string;
  let otherCookie: string;
  let modCookie: string;
  let academy: TestSeries;
  let pending: TestSeries;

  beforeAll(async () => {
    t = await createTestApp();
    [creator, other, moderator] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'moderator' }),
    ]);
    [creatorCookie, otherCookie, modCookie] = await Promise.all([
      signIn(t, creator),
      signIn(t, other),
      signIn(t, moderator),
    ]);
    academy = await newSeries(t.orm, {
      title: 'الأكاديمية',
      originalTitle: 'Akademia',
      altTitles: ['The Magic Academy'],
      tags: ['fantasy', 'action'],
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
    await newSeries(t.orm, { title: 'بطل الظل', tags: ['action'], type: 'manhwa', status: 'completed' });
    await newSeries(t.orm, { title: 'قلب الربيع', tags: ['romance'], type: 'novel' });
    for (let i = 0; i < 9; i++) await newSeries(t.orm, { title: `مانجا رقم ${i}`, tags: ['comedy'] });
    pending = await newSeries(t.orm, { title: 'عمل معلق', owner: creator, moderationStatus: 'pending' });
    await newChapter(t.orm, { series: academy, number: 1 });
    await newChapter(t.orm, { series: academy, number: 2, moderationStatus: 'pending', uploader: creator });
  });
  afterAll(async () => {
    await t.close();
  });

  it('unknown slug → 404 with the spec message', async () => {
    const res = await t.api().get('/api/series/manga/no-such-series');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CONTENT_MESSAGES.mangaNotFound);
    const byId = await t.api().get('/api/manga/999999');
    expect(byId.status).toBe(404);
    expect(byId.body.message).toBe(CONTENT_MESSAGES.mangaNotFound);
  });

  it('detail parses with the contract; approved chapters public, the pending one only for uploader and staff', async () => {
    const anon = await t.api().get(`/api/series/manga/${encodeURIComponent(academy.slug)}`);
    expect(anon.status).toBe(200);
    const detail = SeriesDetailResponseSchema.parse(anon.body).data;
    expect(detail.chapters.map((c) => c.chapterNumber)).toEqual([1]);
    expect(detail.metadata.altTitles).toEqual(['The Magic Academy']);
    const asOther = await t
      .api()
      .get(`/api/series/manga/${encodeURIComponent(academy.slug)}`)
      .set('Cookie', otherCookie);
    expect(asOther.body.data.chapters).toHaveLength(1);
    const asUploader = await t
      .api()
      .get(`/api/series/manga/${encodeURIComponent(academy.slug)}`)
      .set('Cookie', creatorCookie);
    expect(asUploader.body.data.chapters.map((c: { chapterNumber: number }) => c.chapterNumber)).toEqual([
      2, 1,
    ]);
    const asMod = await t.api().get(`/api/series/manga/x?id=${academy.id}`).set('Cookie', modCookie);
    expect(asMod.body.data.chapters).toHaveLength(2);
    const byId = await t.api().get(`/api/manga/${academy.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.slug).toBe(academy.slug);
  });

  it('a pending series is invisible to anonymous and other readers, visible to its creator and staff', async () => {
    const path = `/api/series/manga/${encodeURIComponent(pending.slug)}`;
    expect((await t.api().get(path)).status).toBe(404);
    const asOther = await t.api().get(path).set('Cookie', otherCookie);
    expect(asOther.status).toBe(404);
    expect(asOther.body.message).toBe(CONTENT_MESSAGES.mangaNotFound);
    expect((await t.api().get(path).set('Cookie', creatorCookie)).status).toBe(200);
    expect((await t.api().get(path).set('Cookie', modCookie)).status).toBe(200);
    const list = await t.api().get('/api/content?limit=50');
    expect(list.body.data.map((s: { id: number }) => s.id)).not.toContain(pending.id);
  });

  it('lists page with meta, filter by type, category and series status, and sort', async () => {
    const page1 = SeriesListResponseSchema.parse((await t.api().get('/api/content?limit=5')).body);
    expect(page1.meta).toMatchObject({ total: 12, page: 1, limit: 5, pages: 3, prevCursor: null });
    expect(page1.meta.nextCursor).toEqual(expect.any(String));
    expect(page1.data).toHaveLength(5);
    const page3 = SeriesListResponseSchema.parse((await t.api().get('/api/content?limit=5&page=3')).body);
    expect(page3.data).toHaveLength(2);
    const novels = (await t.api().get('/api/content?type=novel')).body;
    expect(novels.data.map((s: { title: string }) => s.title)).toEqual(['قلب الربيع']);
    const action = (await t.api().get('/api/content?category=action')).body;
    expect(action.meta.total).toBe(2);
    const completed = (await t.api().get('/api/content?seriesStatus=completed')).body;
    expect(completed.data.map((s: { title: string }) => s.title)).toEqual(['بطل الظل']);
    const oldest = (await t.api().get('/api/content?sort=oldest&limit=1')).body;
    expect(oldest.data[0].title).toBe('الأكاديمية');
    const az = (await t.api().get('/api/content?sort=az&limit=50')).body.data.map(
      (s: { title: string }) => s.title,
    );
    expect(az).toEqual([...az].sort());
    expect((await t.api().get('/api/content?limit=51')).status).toBe(400);
    const manga = (await t.api().get('/api/manga')).body;
    expect(manga.meta).toMatchObject({ total: 10, limit: 10, pages: 1 });
  });

  it('a status turns the list into the moderation queue, for staff only', async () => {
    expect((await t.api().get('/api/content?status=pending')).status).toBe(401);
    const asReader = await t.api().get('/api/content?status=pending').set('Cookie', otherCookie);
    expect(asReader.status).toBe(403);
    expect(asReader.body.message).toBe(MODERATION_MESSAGES.staffOnly);
    const res = await t.api().get('/api/content?status=pending&contentType=series').set('Cookie', modCookie);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([pending.id]);
  });

  it.each([['الاكاديميه'], ['اكاديميه'], ['الأكاديمبة'], ['الاكادمية'], ['magic academy'], ['AKADEMIA']])(
    'search finds الأكاديمية from %s',
    async (q) => {
      const res = await t.api().get(`/api/content?search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data[0]?.title).toBe('الأكاديمية');
    },
  );

  it('search finds nothing for an unrelated word', async () => {
    const res = await t.api().get(`/api/content?search=${encodeURIComponent('قطار')}`);
    expect(res.body.data).toEqual([]);
    // Punctuation folds away: '%_' is no filter, never a LIKE wildcard.
    const literal = await t.api().get(`/api/content?search=${encodeURIComponent('%_')}`);
    expect(literal.body.meta.total).toBe(12);
  });

  it('home feed has the four lists from real rows', async () => {
    const res = await t.api().get('/api/content/popular-new');
    const feed = HomeFeedResponseSchema.parse(res.body);
    expect(feed.recent).toHaveLength(6);
    expect(feed.latestUpdates.map((u) => u.mangaTitle)).toEqual(['الأكاديمية']);
    expect(feed.seasonal.map((s) => s.title)).toEqual(['الأكاديمية']);
  });

  describe('POST /api/content', () => {
    it('needs a session', async () => {
      expect((await t.api().post('/api/content').send(validBody())).status).toBe(401);
    });

    it.each([
      ['short title', { title: 'ab' }, 'title', CONTENT_MESSAGES.titleMin],
      [
        'a cover URL',
        { thumbnail: 'https://images.example.com/cover.webp' },
        'thumbnail',
        CONTENT_MESSAGES.coverUrlRefused,
      ],
      [
        'a javascript: URL',
        { thumbnail: 'javascript:alert(1)' },
        'thumbnail',
        CONTENT_MESSAGES.coverUrlRefused,
      ],
      ['a non-string cover', { thumbnail: 42 }, 'thumbnail', CONTENT_MESSAGES.coverUrlRefused],
      [
        'bad year',
        { metadata: { author: 'كاتب', year: 99, altTitles: [], tags: [], origin: 'japan' as const } },
        'metadata.year',
        CONTENT_MESSAGES.year,
      ],
    ])('refuses %s with 400', async (_name, override, field, message) => {
      const res = await t
        .api()
        .post('/api/content')
        .set('Cookie', otherCookie)
        .send(validBody(override as Partial<CreateContentBody>));
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toContain(message);
    });

    it("a hidden series' title gives another user a slug of the same form as a fresh title's", async () => {
      const hidden = { ...validBody(), title: 'سر مخفي تماما' };
      const owned = await t.api().post('/api/content').set('Cookie', modCookie).send(hidden);
      expect(owned.status).toBe(201);
      const again = await t.api().post('/api/content').set('Cookie', otherCookie).send(hidden);
      const fresh = await t
        .api()
        .post('/api/content')
        .set('Cookie', otherCookie)
        .send({ ...validBody(), title: 'عنوان لم يستعمله أحد' });
      // Both answers have the title plus a random suffix: nothing says a hidden one came first.
      expect(again.body.slug).toMatch(/^سر-مخفي-تماما-[0-9a-z]{6}$/);
      expect(fresh.body.slug).toMatch(/^عنوان-لم-يستعمله-أحد-[0-9a-z]{6}$/);
      expect(again.body.slug).not.toMatch(/-2$/);
    });

    it('creates pending work owned by the session user, whatever the body says; slugs never collide', async () => {
      const body = { ...validBody(), created_by: creator.id, createdBy: creator.id, userId: creator.id };
      const first = await t.api().post('/api/content').set('Cookie', otherCookie).send(body);
      expect(first.status).toBe(201);
      const created = CreateContentResponseSchema.parse(first.body);
      expect(created).toMatchObject({
        slug: expect.stringMatching(/^عالم-السيوف-[0-9a-z]{6}$/),
        moderationStatus: 'pending',
      });
      const second = await t.api().post('/api/content').set('Cookie', modCookie).send(validBody());
      expect(second.body.slug).toMatch(/^عالم-السيوف-[0-9a-z]{6}$/);
      expect(second.body.moderationStatus).toBe('pending');
      const third = await t.api().post('/api/content').set('Cookie', otherCookie).send(validBody());
      expect(new Set([created.slug, second.body.slug, third.body.slug]).size).toBe(3);

      const rows = await t.orm.em
        .fork()
        .getConnection()
        .execute<{ created_by: number }[]>('select created_by from series where id = ?', [created.id]);
      expect(rows[0]!.created_by).toBe(other.id);
      const mine = await t
        .api()
        .get(`/api/series/manga/${encodeURIComponent(created.slug)}`)
        .set('Cookie', otherCookie);
      expect(mine.status).toBe(200);
      expect(mine.body.data.creator).toEqual({ id: other.id, username: other.username });
      expect((await t.api().get(`/api/series/manga/${encodeURIComponent(created.slug)}`)).status).toBe(404);
    });

    it.each(['latest', 'az', 'rating', 'popular'] as const)(
      'pages by keyset cursor exactly as by page number, both ways (%s)',
      async (sort) => {
        const list = async (query: string) => {
          const res = await t.api().get(`/api/content?limit=5&sort=${sort}&${query}`);
          expect(res.status).toBe(200);
          return SeriesListResponseSchema.parse(res.body);
        };
        const byOffset = [await list('page=1'), await list('page=2'), await list('page=3')];
        const ids = (answer: { data: { id: number }[] }) => answer.data.map((item) => item.id);
        const second = await list(`page=2&after=${byOffset[0]!.meta.nextCursor}`);
        expect(ids(second)).toEqual(ids(byOffset[1]!));
        const third = await list(`page=3&after=${second.meta.nextCursor}`);
        expect(ids(third)).toEqual(ids(byOffset[2]!));
        expect(third.meta.nextCursor).toBeNull();
        const back = await list(`page=2&before=${third.meta.prevCursor}`);
        expect(ids(back)).toEqual(ids(byOffset[1]!));
        expect((await list(`page=1&before=${back.meta.prevCursor}`)).data.map((item) => item.id)).toEqual(
          ids(byOffset[0]!),
        );
      },
    );

    it('refuses a forged cursor', async () => {
      const forged = Buffer.from('["x"]').toString('base64url');
      expect((await t.api().get(`/api/content?after=${forged}`)).status).toBe(400);
      expect((await t.api().get('/api/content?after=not*base64')).status).toBe(400);
    });

    it('a cached listing total moves as soon as a new series is created', async () => {
      const pendingTotal = async () =>
        (await t.api().get('/api/content?status=pending&limit=1').set('Cookie', modCookie)).body.meta.total;
      const before = await pendingTotal();
      expect(await pendingTotal()).toBe(before);
      const created = await t
        .api()
        .post('/api/content')
        .set('Cookie', creatorCookie)
        .send(validBody({ title: 'عدّاد القائمة' }));
      expect(created.status).toBe(201);
      expect(await pendingTotal()).toBe(before + 1);
    });
  });
});
