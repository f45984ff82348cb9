import {
  CONTENT_ROUTES,
  FavoritesResponseSchema,
  FOLLOW_ROUTES,
  HistoryChangeResponseSchema,
  LIBRARY_ROUTES,
  PROFILE_ROUTES,
  ReadingListResponseSchema,
  ReadMarkersResponseSchema,
  routePath,
  USER_ROUTES,
} from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('the library: reading history, shelves and read markers', () => {
  let t: TestApp;
  let reader: TestUser;
  let readerCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    reader = await newUser(t.orm);
    const other = await newUser(t.orm);
    [readerCookie, otherCookie] = await Promise.all([signIn(t, reader), signIn(t, other)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A series with approved chapters 1..n (and, when asked, a pending chapter after them). */
  const seriesWith = async (n: number, options: { type?: 'manga' | 'manhwa'; pending?: boolean } = {}) => {
    const series = await newSeries(t.orm, { type: options.type ?? 'manga' });
    const chapters: TestChapter[] = [];
    for (let number = 1; number <= n; number += 1) chapters.push(await newChapter(t.orm, { series, number }));
    const pending = options.pending
      ? await newChapter(t.orm, { series, number: n + 1, moderationStatus: 'pending' })
      : null;
    return { series, chapters, pending };
  };
  const read = (series: TestSeries, chapter: TestChapter, cookie = readerCookie, page = 2) =>
    t
      .api()
      .post(routePath(CONTENT_ROUTES.progress))
      .set('Cookie', cookie)
      .send({ contentId: series.id, chapterId: chapter.id, page });
  const readingList = async (list: 'history' | 'shelves', query = '', cookie = readerCookie) => {
    const res = await t
      .api()
      .get(`${routePath(LIBRARY_ROUTES[list])}${query}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    return ReadingListResponseSchema.parse(res.body);
  };
  const history = (query = '', cookie = readerCookie) => readingList('history', query, cookie);
  const historyIds = async (query = '', cookie = readerCookie) =>
    (await history(query, cookie)).data.map((entry) => entry.series.id);
  const markers = async (series: TestSeries, cookie = readerCookie) => {
    const res = await t
      .api()
      .get(routePath(LIBRARY_ROUTES.readMarkers, { id: series.id }))
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    return ReadMarkersResponseSchema.parse(res.body).data.chapterIds;
  };
  const mark = (series: TestSeries, body: object, cookie = readerCookie) =>
    t
      .api()
      .put(routePath(LIBRARY_ROUTES.markRead, { id: series.id }))
      .set('Cookie', cookie)
      .send(body);
  const pauseHistory = (paused: boolean) =>
    t
      .api()
      .post(routePath(USER_ROUTES.updatePreferences, { id: reader.id }))
      .set('Cookie', readerCookie)
      .send({ historyPaused: paused });

  it('lists what the reader read with the percent read, per site type, newest first', async () => {
    const a = await seriesWith(4);
    const b = await seriesWith(2);
    const manhwa = await seriesWith(1, { type: 'manhwa' });
    expect((await read(a.series, a.chapters[0]!)).status).toBe(200);
    expect((await read(a.series, a.chapters[1]!)).status).toBe(200);
    expect((await read(b.series, b.chapters[0]!)).status).toBe(200);
    expect((await read(manhwa.series, manhwa.chapters[0]!)).status).toBe(200);

    const list = await history();
    const ids = list.data.map((entry) => entry.series.id);
    expect(ids.indexOf(b.series.id)).toBeLessThan(ids.indexOf(a.series.id));
    expect(ids).not.toContain(manhwa.series.id);
    const entryA = list.data.find((entry) => entry.series.id === a.series.id)!;
    expect(entryA.percent).toBe(50);
    expect(entryA.progress).toMatchObject({ chapterId: a.chapters[1]!.id, number: 2, page: 2 });
    expect(entryA.shelf).toBe('reading');
    expect(await historyIds('?type=manhwa')).toEqual([manhwa.series.id]);
    // Another reader's history is their own.
    expect(await historyIds('', otherCookie)).toEqual([]);
  });

  it('removes one entry, and clears one type without touching another', async () => {
    const a = await seriesWith(1);
    const b = await seriesWith(1);
    const manhwa = await seriesWith(1, { type: 'manhwa' });
    for (const s of [a, b, manhwa]) expect((await read(s.series, s.chapters[0]!)).status).toBe(200);

    const removed = await t
      .api()
      .delete(routePath(LIBRARY_ROUTES.removeHistory, { id: a.series.id }))
      .set('Cookie', readerCookie);
    expect(HistoryChangeResponseSchema.parse(removed.body).removed).toBe(1);
    expect(await historyIds()).not.toContain(a.series.id);
    expect(await historyIds()).toContain(b.series.id);

    // Another reader "removing" it removes nothing of this reader's.
    const foreign = await t
      .api()
      .delete(routePath(LIBRARY_ROUTES.removeHistory, { id: b.series.id }))
      .set('Cookie', otherCookie);
    expect(HistoryChangeResponseSchema.parse(foreign.body).removed).toBe(0);
    expect(await historyIds()).toContain(b.series.id);

    const cleared = await t.api().delete(routePath(LIBRARY_ROUTES.clearHistory)).set('Cookie', readerCookie);
    expect(cleared.status).toBe(200);
    expect(await historyIds()).toEqual([]);
    expect(await historyIds('?type=manhwa')).toContain(manhwa.series.id);
  });

  it('records nothing while history is paused, and records again when resumed', async () => {
    const s = await seriesWith(2);
    expect((await pauseHistory(true)).body.preferences.historyPaused).toBe(true);
    expect((await read(s.series, s.chapters[0]!)).status).toBe(200);
    expect(await historyIds()).not.toContain(s.series.id);
    expect(await markers(s.series)).toEqual([]);

    expect((await pauseHistory(false)).body.preferences.historyPaused).toBe(false);
    expect((await read(s.series, s.chapters[0]!)).status).toBe(200);
    expect(await historyIds()).toContain(s.series.id);
    expect(await markers(s.series)).toEqual([s.chapters[0]!.id]);
  });

  it('marks all read up to a chapter, idempotently, and never lists a pending chapter', async () => {
    const s = await seriesWith(4, { pending: true });
    const ids = s.chapters.map((c) => c.id);
    const first = await mark(s.series, { number: 3, read: true, upTo: true });
    expect(first.status).toBe(200);
    expect(ReadMarkersResponseSchema.parse(first.body).data.chapterIds).toEqual(ids.slice(0, 3));
    const again = await mark(s.series, { number: 3, read: true, upTo: true });
    expect(ReadMarkersResponseSchema.parse(again.body).data.chapterIds).toEqual(ids.slice(0, 3));

    const unread = await mark(s.series, { number: 2, read: false });
    expect(ReadMarkersResponseSchema.parse(unread.body).data.chapterIds).toEqual([ids[0], ids[2]]);

    // Everything up to the last approved chapter: the pending one after it stays out.
    await mark(s.series, { number: 4, read: true, upTo: true });
    expect(await markers(s.series)).toEqual(ids);
    // Marking the pending chapter's number is refused like a number the series lacks.
    expect((await mark(s.series, { number: 5, read: true })).status).toBe(404);
    expect((await mark(s.series, { number: 99, read: true, upTo: true })).status).toBe(404);

    // The shelves list counts them: 4 of 4 approved numbers.
    await t
      .api()
      .put(routePath(FOLLOW_ROUTES.setShelf, { id: s.series.id }))
      .set('Cookie', readerCookie)
      .send({ shelf: 'completed' });
    const shelves = await readingList('shelves', '?shelf=completed');
    const entry = shelves.data.find((e) => e.series.id === s.series.id);
    expect(entry).toMatchObject({ shelf: 'completed', percent: 100, progress: null });
    const reading = await readingList('shelves', '?shelf=reading');
    expect(reading.data.map((e) => e.series.id)).not.toContain(s.series.id);
  });

  it("keeps each reader's markers their own and refuses a series they may not see", async () => {
    const s = await seriesWith(2);
    await mark(s.series, { number: 2, read: true, upTo: true });
    expect(await markers(s.series, otherCookie)).toEqual([]);
    await mark(s.series, { number: 2, read: false, upTo: true }, otherCookie);
    expect(await markers(s.series)).toEqual(s.chapters.map((c) => c.id));

    const hidden = await newSeries(t.orm, { moderationStatus: 'pending' });
    await newChapter(t.orm, { series: hidden, number: 1 });
    expect(
      (
        await t
          .api()
          .get(routePath(LIBRARY_ROUTES.readMarkers, { id: hidden.id }))
          .set('Cookie', readerCookie)
      ).status,
    ).toBe(404);
    expect((await mark(hidden, { number: 1, read: true })).status).toBe(404);
  });

  it("lists one site type's favourites for its /library", async () => {
    const manga = await newSeries(t.orm);
    const manhwa = await newSeries(t.orm, { type: 'manhwa' });
    for (const series of [manga, manhwa]) {
      const res = await t
        .api()
        .post(routePath(CONTENT_ROUTES.favorite))
        .set('Cookie', readerCookie)
        .send({ contentId: series.id, action: 'add' });
      expect(res.status).toBe(200);
    }
    const favourites = async (query: string) =>
      FavoritesResponseSchema.parse(
        (
          await t
            .api()
            .get(`${routePath(PROFILE_ROUTES.favorites)}${query}`)
            .set('Cookie', readerCookie)
        ).body,
      ).data.map((series) => series.id);
    expect(await favourites('?type=manhwa')).toEqual([manhwa.id]);
    expect(await favourites('?type=manga')).toContain(manga.id);
    expect(await favourites('?type=manga')).not.toContain(manhwa.id);
    expect(await favourites('')).toEqual(expect.arrayContaining([manga.id, manhwa.id]));
  });

  it('answers 400 with field errors on bad input', async () => {
    const s = await seriesWith(1);
    const bad = await mark(s.series, { number: -1, read: 'yes' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['number', 'read']));
    const badShelf = await t
      .api()
      .get(`${routePath(LIBRARY_ROUTES.shelves)}?shelf=favourite`)
      .set('Cookie', readerCookie);
    expect(badShelf.status).toBe(400);
  });
});
