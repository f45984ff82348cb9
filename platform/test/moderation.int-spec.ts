import {
  ChapterResponseSchema,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  ModerationActionResponseSchema,
  ModerationListResponseSchema,
  ModerationLogResponseSchema,
  NOTIFICATION_TEXTS,
  NotificationListResponseSchema,
  PendingCountResponseSchema,
  SeriesDetailResponseSchema,
  MODERATION_ROUTES,
  routePath,
} from '@warraq/contracts';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { IngestWorkspace } from '../src/modules/ingest/ingest-workspace';
import { MediaStorage } from '../src/modules/media/media-storage';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('moderation: queue, decisions, visibility, log', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  let ownerCookie: string;
  let otherCookie: string;
  let modCookie: string;
  let adminCookie: string;

  const sql = async <T>(query: string, params: unknown[] = []): Promise<T[]> =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<T[]>(query, params as never[]);
  const logRows = (contentType: string, id: number) =>
    sql<{ action: string; actor_id: number | null; from_status: string; note: string | null; title: string }>(
      'select action, actor_id, from_status, note, title from moderation_log where content_type = ? and content_id = ? order by id',
      [contentType, id],
    );
  const notificationsOf = async (cookie: string) =>
    NotificationListResponseSchema.parse(
      (await t.api().get('/api/notifications').set('Cookie', cookie)).body,
    );
  const queue = async (query: string, cookie = modCookie) => {
    const res = await t.api().get(`/api/content?${query}`).set('Cookie', cookie);
    expect(res.status).toBe(200);
    return ModerationListResponseSchema.parse(res.body);
  };
  const approve = (id: number, contentType: 'series' | 'chapter', cookie = modCookie, body: object = {}) =>
    t
      .api()
      .put(`${routePath(MODERATION_ROUTES.approve, { id: id })}?contentType=${contentType}`)
      .set('Cookie', cookie)
      .send(body);
  const reject = (id: number, contentType: 'series' | 'chapter', cookie = modCookie, body: object = {}) =>
    t
      .api()
      .put(`${routePath(MODERATION_ROUTES.reject, { id: id })}?contentType=${contentType}`)
      .set('Cookie', cookie)
      .send(body);
  const remove = (id: number, contentType: 'series' | 'chapter', cookie = modCookie) =>
    t
      .api()
      .delete(`${routePath(MODERATION_ROUTES.remove, { id: id })}?contentType=${contentType}`)
      .set('Cookie', cookie);
  const seriesPage = (s: TestSeries) => t.api().get(`/api/series/manga/${encodeURIComponent(s.slug)}`);
  const readerPage = (s: TestSeries, n: number, query = '') =>
    t.api().get(`/api/series/manga/${encodeURIComponent(s.slug)}/${n}${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other, moderator, admin] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'moderator' }),
      newUser(t.orm, { role: 'admin' }),
    ]);
    [ownerCookie, otherCookie, modCookie, adminCookie] = await Promise.all([
      signIn(t, owner),
      signIn(t, other),
      signIn(t, moderator),
      signIn(t, admin),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('access and bad input', () => {
    let item: TestSeries;
    beforeAll(async () => {
      item = await newSeries(t.orm, { owner, moderationStatus: 'pending' });
    });

    it('refuses guests (401) and readers (403) on every moderation route', async () => {
      const calls = (cookie?: string) => {
        const withCookie = <R extends { set: (k: string, v: string) => R }>(r: R) =>
          cookie ? r.set('Cookie', cookie) : r;
        return [
          withCookie(t.api().get('/api/content?status=pending')),
          withCookie(
            t
              .api()
              .put(routePath(MODERATION_ROUTES.approve, { id: item.id }))
              .send({}),
          ),
          withCookie(
            t
              .api()
              .put(routePath(MODERATION_ROUTES.reject, { id: item.id }))
              .send({}),
          ),
          withCookie(t.api().delete(routePath(MODERATION_ROUTES.remove, { id: item.id }))),
          withCookie(t.api().get(routePath(MODERATION_ROUTES.pendingCount))),
          withCookie(t.api().get(routePath(MODERATION_ROUTES.log))),
        ];
      };
      for (const res of await Promise.all(calls())) expect(res.status).toBe(401);
      for (const res of await Promise.all(calls(ownerCookie))) expect(res.status).toBe(403);
      expect((await sql('select id from series where id = ?', [item.id])).length).toBe(1);
      expect(await logRows('series', item.id)).toEqual([]);
    });

    it('keeps the log for admins: a moderator is refused', async () => {
      expect((await t.api().get(routePath(MODERATION_ROUTES.log)).set('Cookie', modCookie)).status).toBe(403);
      expect((await t.api().get(routePath(MODERATION_ROUTES.log)).set('Cookie', adminCookie)).status).toBe(
        200,
      );
    });

    it('answers 404 for an unknown id, of either content type', async () => {
      for (const contentType of ['series', 'chapter'] as const) {
        for (const res of [
          await approve(999_999, contentType),
          await reject(999_999, contentType),
          await remove(999_999, contentType),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body.message).toBe(MODERATION_MESSAGES.notFound);
        }
      }
      // The series' id is no chapter's id.
      expect((await approve(item.id, 'chapter')).status).toBe(404);
    });

    it('answers 400 for malformed ids, content types, statuses and bodies', async () => {
      const bad = [
        t.api().put('/api/content/abc/approve').set('Cookie', modCookie).send({}),
        t.api().put('/api/content/0/approve').set('Cookie', modCookie).send({}),
        t.api().put('/api/content/99999999999/reject').set('Cookie', modCookie).send({}),
        t.api().put(`/api/content/${item.id}/approve?contentType=book`).set('Cookie', modCookie).send({}),
        t.api().delete(`/api/content/${item.id}?contentType=`).set('Cookie', modCookie),
        t
          .api()
          .put(routePath(MODERATION_ROUTES.approve, { id: item.id }))
          .set('Cookie', modCookie)
          .send({ expectedStatus: 'gone' }),
        t
          .api()
          .put(routePath(MODERATION_ROUTES.approve, { id: item.id }))
          .set('Cookie', modCookie)
          .send({ notes: 5 }),
        t
          .api()
          .put(routePath(MODERATION_ROUTES.reject, { id: item.id }))
          .set('Cookie', modCookie)
          .send({ reason: 'x', extra: 1 }),
        t.api().get('/api/content?status=waiting').set('Cookie', modCookie),
        t.api().get('/api/content?status=pending&contentType=book').set('Cookie', modCookie),
        t.api().get('/api/content?status=pending&limit=0').set('Cookie', modCookie),
        t.api().get('/api/content?status=pending&type=comic').set('Cookie', modCookie),
        t
          .api()
          .get(`${routePath(MODERATION_ROUTES.log)}?action=ban`)
          .set('Cookie', adminCookie),
      ];
      for (const res of await Promise.all(bad)) expect(res.status).toBe(400);
      const long = await reject(item.id, 'series', modCookie, {
        reason: 'س'.repeat(MODERATION_LIMITS.noteMax + 1),
      });
      expect(long.status).toBe(400);
      expect(long.body.errors.reason).toEqual([MODERATION_MESSAGES.noteTooLong]);
      const text = await t
        .api()
        .put(routePath(MODERATION_ROUTES.reject, { id: item.id }))
        .set('Cookie', modCookie)
        .set('Content-Type', 'text/plain')
        .send('reason');
      expect(text.status).toBe(415);
      // Nothing above changed the item.
      expect(
        (await sql<{ s: string }>('select moderation_status as s from series where id = ?', [item.id]))[0]!.s,
      ).toBe('pending');
    });
  });

  describe('the queue', () => {
    let queued: TestSeries;
    let novel: TestSeries;
    let host: TestSeries;
    let chapter: TestChapter;
    let orphan: TestSeries;

    beforeAll(async () => {
      const hour = 3_600_000;
      queued = await newSeries(t.orm, {
        title: 'الأكاديمية الخفية',
        owner,
        moderationStatus: 'pending',
        createdAt: new Date(Date.now() - 3 * hour),
      });
      novel = await newSeries(t.orm, {
        title: 'رواية الانتظار',
        type: 'novel',
        owner: other,
        moderationStatus: 'pending',
        createdAt: new Date(Date.now() - 2 * hour),
      });
      orphan = await newSeries(t.orm, {
        title: 'عمل بلا صاحب',
        moderationStatus: 'pending',
        createdAt: new Date(Date.now() - 4 * hour),
      });
      host = await newSeries(t.orm, { title: 'مضيف الفصول', type: 'manhwa' });
      chapter = await newChapter(t.orm, {
        series: host,
        number: 7.5,
        uploader: owner,
        moderationStatus: 'pending',
        pages: 3,
      });
    });

    it('lists series and chapters together, newest first, with creator, path and page count', async () => {
      const list = await queue('status=pending&limit=50');
      const ids = list.data.map((i) => `${i.contentType}:${i.id}`);
      const at = (key: string) => ids.indexOf(key);
      expect(at(`chapter:${chapter.id}`)).toBeGreaterThanOrEqual(0);
      expect(at(`chapter:${chapter.id}`)).toBeLessThan(at(`series:${novel.id}`));
      expect(at(`series:${novel.id}`)).toBeLessThan(at(`series:${queued.id}`));
      expect(at(`series:${queued.id}`)).toBeLessThan(at(`series:${orphan.id}`));

      const item = list.data.find((i) => i.contentType === 'chapter' && i.id === chapter.id)!;
      expect(item).toMatchObject({
        title: 'مضيف الفصول — الفصل ٧٫٥',
        type: 'manhwa',
        creator: owner.username,
        status: 'pending',
        series: { id: host.id, slug: host.slug, title: 'مضيف الفصول' },
        chapterNumber: 7.5,
        language: 'AR',
        pageCount: 3,
        // A manhwa's chapter opens on the manhwa site.
        path: `/manhwa/${encodeURIComponent(host.slug)}/chapter/7.5?variant=${chapter.id}`,
        review: null,
      });
      const series = list.data.find((i) => i.contentType === 'series' && i.id === queued.id)!;
      expect(series).toMatchObject({
        title: 'الأكاديمية الخفية',
        creator: owner.username,
        chapterNumber: null,
        pageCount: null,
        path: `/series/manga/${encodeURIComponent(queued.slug)}`,
      });
      expect(list.data.find((i) => i.id === orphan.id && i.contentType === 'series')!.creator).toBe(
        'غير معروف',
      );
    });

    it('filters by series type and content type', async () => {
      const novels = await queue('status=pending&type=novel');
      expect(novels.data.map((i) => i.id)).toEqual([novel.id]);
      const manhwa = await queue('status=pending&type=manhwa');
      expect(manhwa.data.map((i) => `${i.contentType}:${i.id}`)).toEqual([`chapter:${chapter.id}`]);
      const chapters = await queue('status=pending&contentType=chapter');
      expect(chapters.data.every((i) => i.contentType === 'chapter')).toBe(true);
      const series = await queue('status=pending&contentType=series');
      expect(series.data.every((i) => i.contentType === 'series')).toBe(true);
      expect(series.meta.total + chapters.meta.total).toBe((await queue('status=pending')).meta.total);
    });

    it('searches titles Arabic-aware, chapters by their series title', async () => {
      const folded = await queue(`status=pending&search=${encodeURIComponent('الاكاديميه')}`);
      expect(folded.data.map((i) => i.id)).toEqual([queued.id]);
      const byHost = await queue(`status=pending&search=${encodeURIComponent('مضيف')}`);
      expect(byHost.data.map((i) => `${i.contentType}:${i.id}`)).toEqual([`chapter:${chapter.id}`]);
      const none = await queue(`status=pending&search=${encodeURIComponent('قطار')}`);
      expect(none.data).toEqual([]);
      expect(none.meta).toMatchObject({ total: 0, pages: 0 });
    });

    it('pages by limit and page, with meta', async () => {
      for (let i = 0; i < 11; i++) await newSeries(t.orm, { title: `طلب ${i}`, moderationStatus: 'pending' });
      const first = await queue('status=pending&limit=10');
      expect(first.data).toHaveLength(10);
      expect(first.meta.limit).toBe(10);
      expect(first.meta.pages).toBe(Math.ceil(first.meta.total / 10));
      const second = await queue('status=pending&limit=10&page=2');
      const seen = new Set(first.data.map((i) => `${i.contentType}:${i.id}`));
      expect(second.data.some((i) => seen.has(`${i.contentType}:${i.id}`))).toBe(false);
      const beyond = await queue(`status=pending&limit=10&page=${first.meta.pages + 1}`);
      expect(beyond.data).toEqual([]);
    });

    it('counts what waits, for staff', async () => {
      const res = await t.api().get(routePath(MODERATION_ROUTES.pendingCount)).set('Cookie', modCookie);
      expect(res.status).toBe(200);
      const counts = PendingCountResponseSchema.parse(res.body);
      const [db] = await sql<{ series: number; chapters: number }>(
        `select (select count(*)::int from series where moderation_status = 'pending') as series,
                (select count(*)::int from chapter where moderation_status = 'pending') as chapters`,
      );
      expect(counts).toEqual({ ...db, total: db!.series + db!.chapters });
      expect(counts.chapters).toBeGreaterThanOrEqual(1);
    });
  });

  describe('approve', () => {
    it('publishes a series: its page, the catalogue and the manga list show it', async () => {
      const s = await newSeries(t.orm, { title: 'نجمة الصباح', owner, moderationStatus: 'pending' });
      await newChapter(t.orm, { series: s, number: 1 });
      expect((await seriesPage(s)).status).toBe(404);
      expect((await t.api().get('/api/manga')).body.data.map((x: { id: number }) => x.id)).not.toContain(
        s.id,
      );

      const res = await approve(s.id, 'series', modCookie, {
        notes: '  عمل جيد  ',
        expectedStatus: 'pending',
      });
      expect(res.status).toBe(200);
      expect(ModerationActionResponseSchema.parse(res.body)).toEqual({
        success: true,
        message: MODERATION_MESSAGES.approved,
        item: { id: s.id, contentType: 'series', title: 'نجمة الصباح', status: 'approved' },
      });

      const page = await seriesPage(s);
      expect(page.status).toBe(200);
      expect(SeriesDetailResponseSchema.parse(page.body).data.moderationStatus).toBe('approved');
      expect((await t.api().get('/api/manga')).body.data.map((x: { id: number }) => x.id)).toContain(s.id);
      expect(
        (await t.api().get('/api/content?limit=50')).body.data.map((x: { id: number }) => x.id),
      ).toContain(s.id);
      expect((await readerPage(s, 1)).status).toBe(200);

      expect(await logRows('series', s.id)).toEqual([
        {
          action: 'approve',
          actor_id: moderator.id,
          from_status: 'pending',
          note: 'عمل جيد',
          title: 'نجمة الصباح',
        },
      ]);
      const mine = await notificationsOf(ownerCookie);
      expect(mine.data[0]).toMatchObject({
        type: 'system',
        title: NOTIFICATION_TEXTS.approvedTitle,
        body: NOTIFICATION_TEXTS.approvedBody('نجمة الصباح'),
        path: `/series/manga/${encodeURIComponent(s.slug)}`,
        read: false,
      });
      const approvedTab = await queue(
        `status=approved&contentType=series&search=${encodeURIComponent('نجمة الصباح')}`,
      );
      expect(approvedTab.data[0]).toMatchObject({
        id: s.id,
        status: 'approved',
        review: { action: 'approve', by: moderator.username, note: 'عمل جيد' },
      });

      const again = await approve(s.id, 'series');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyApproved);
      expect(await logRows('series', s.id)).toHaveLength(1);
    });

    it('publishes a chapter: the reader serves it and the series counters count it', async () => {
      const s = await newSeries(t.orm, { title: 'سيف الريح' });
      await newChapter(t.orm, { series: s, number: 1 });
      const ch = await newChapter(t.orm, {
        series: s,
        number: 2,
        moderationStatus: 'pending',
        uploader: owner,
      });
      // A guest's answer is cached: prime the cache with the not-found state... and the series page.
      expect((await readerPage(s, 2)).status).toBe(404);
      expect(SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data.chaptersCount).toBe(1);

      expect((await approve(ch.id, 'chapter')).status).toBe(200);

      const read = await readerPage(s, 2);
      expect(read.status).toBe(200);
      const chapter = ChapterResponseSchema.parse(read.body).data;
      expect(chapter.id).toBe(ch.id);
      expect(chapter.moderationStatus).toBe('approved');
      expect(chapter.publishedTime).not.toBeNull();
      const detail = SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data;
      expect(detail.chaptersCount).toBe(2);
      expect(detail.latestChapterNumber).toBe(2);
      expect(detail.chapters.map((c) => c.id)).toContain(ch.id);
      const note = (await notificationsOf(ownerCookie)).data[0]!;
      expect(note.body).toBe(NOTIFICATION_TEXTS.approvedBody('سيف الريح — الفصل ٢'));
      expect(note.path).toBe(`/series/manga/${encodeURIComponent(s.slug)}/2?variant=${ch.id}`);
    });

    it('approves a chapter of a pending series, which stays hidden until the series is approved', async () => {
      const s = await newSeries(t.orm, { title: 'بحر الغيوم', owner, moderationStatus: 'pending' });
      const ch = await newChapter(t.orm, {
        series: s,
        number: 1,
        moderationStatus: 'pending',
        uploader: owner,
      });
      expect((await approve(ch.id, 'chapter')).status).toBe(200);
      expect((await readerPage(s, 1)).status).toBe(404);
      expect((await seriesPage(s)).status).toBe(404);
      expect((await approve(s.id, 'series')).status).toBe(200);
      expect((await readerPage(s, 1)).status).toBe(200);
      expect(SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data.chaptersCount).toBe(1);
    });

    it('refuses a re-approval that would duplicate a published variant', async () => {
      const s = await newSeries(t.orm);
      const first = await newChapter(t.orm, { series: s, number: 3, moderationStatus: 'rejected' });
      await newChapter(t.orm, { series: s, number: 3 });
      const res = await approve(first.id, 'chapter');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MODERATION_MESSAGES.duplicateVariant);
    });

    it('sends no notification to a moderator approving their own item', async () => {
      const s = await newSeries(t.orm, { owner: moderator, moderationStatus: 'pending' });
      const before = (await notificationsOf(modCookie)).meta.total;
      expect((await approve(s.id, 'series')).status).toBe(200);
      expect((await notificationsOf(modCookie)).meta.total).toBe(before);
    });
  });

  describe('reject', () => {
    it('hides a published chapter, updates the counters and tells the uploader why', async () => {
      const s = await newSeries(t.orm, { title: 'ظلال المدينة' });
      await newChapter(t.orm, { series: s, number: 1 });
      const ch = await newChapter(t.orm, { series: s, number: 2, uploader: owner });
      expect((await readerPage(s, 2)).status).toBe(200);
      expect(SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data.chaptersCount).toBe(2);

      const res = await reject(ch.id, 'chapter', modCookie, {
        reason: 'صفحات مكررة',
        expectedStatus: 'approved',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: MODERATION_MESSAGES.rejected, item: { status: 'rejected' } });

      expect((await readerPage(s, 2)).status).toBe(404);
      const detail = SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data;
      expect(detail.chaptersCount).toBe(1);
      expect(detail.latestChapterNumber).toBe(1);
      // The uploader still reaches it (their own), and learns why from their notifications.
      expect((await readerPage(s, 2).set('Cookie', ownerCookie)).status).toBe(200);
      const mine = await notificationsOf(ownerCookie);
      expect(mine.data[0]).toMatchObject({
        title: NOTIFICATION_TEXTS.rejectedTitle,
        body: NOTIFICATION_TEXTS.rejectedBody('ظلال المدينة — الفصل ٢', 'صفحات مكررة'),
        read: false,
      });
      expect(mine.data[0]!.body).toContain('صفحات مكررة');
      expect(mine.unread).toBeGreaterThanOrEqual(1);
      // Nobody else is told.
      expect((await notificationsOf(otherCookie)).data.some((n) => n.body.includes('ظلال المدينة'))).toBe(
        false,
      );

      const rejectedTab = await queue(`status=rejected&search=${encodeURIComponent('ظلال المدينة')}`);
      expect(rejectedTab.data.map((i) => i.id)).toEqual([ch.id]);
      expect(rejectedTab.data[0]!.review).toMatchObject({
        action: 'reject',
        note: 'صفحات مكررة',
        by: moderator.username,
      });

      const again = await reject(ch.id, 'chapter');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyRejected);

      // A rejected item may be approved after all.
      expect((await approve(ch.id, 'chapter', adminCookie, { expectedStatus: 'rejected' })).status).toBe(200);
      expect((await readerPage(s, 2)).status).toBe(200);
      expect((await logRows('chapter', ch.id)).map((r) => [r.action, r.from_status, r.actor_id])).toEqual([
        ['reject', 'approved', moderator.id],
        ['approve', 'rejected', admin.id],
      ]);
    });

    it('hides an approved series from its page and the catalogue; a blank reason is no reason', async () => {
      const s = await newSeries(t.orm, { title: 'قمر الصحراء', owner });
      expect((await seriesPage(s)).status).toBe(200);
      expect((await reject(s.id, 'series', modCookie, { reason: '   ' })).status).toBe(200);
      expect((await seriesPage(s)).status).toBe(404);
      expect(
        (await t.api().get('/api/content?limit=50')).body.data.map((x: { id: number }) => x.id),
      ).not.toContain(s.id);
      expect((await logRows('series', s.id))[0]!.note).toBeNull();
      expect((await notificationsOf(ownerCookie)).data[0]!.body).toBe(
        NOTIFICATION_TEXTS.rejectedBody('قمر الصحراء', null),
      );
    });

    it('refuses when the item is no longer in the state the moderator saw', async () => {
      const s = await newSeries(t.orm, { moderationStatus: 'pending' });
      const res = await reject(s.id, 'series', modCookie, { expectedStatus: 'approved' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MODERATION_MESSAGES.conflict);
      expect(await logRows('series', s.id)).toEqual([]);
    });
  });

  describe('delete', () => {
    const storedImage = async () => {
      const bytes = Buffer.concat([Buffer.from('RIFF'), randomBytes(64)]);
      return (await t.app.get(MediaStorage).put(bytes, 'webp')).key;
    };
    const setPageKeys = async (chapterId: number, keys: string[]) => {
      for (const [index, key] of keys.entries()) {
        await sql('update page set media_key = ? where chapter_id = ? and index = ?', [
          key,
          chapterId,
          index,
        ]);
      }
    };

    it('deletes a chapter for good and frees the images no other chapter uses', async () => {
      const storage = t.app.get(MediaStorage);
      const s = await newSeries(t.orm, { title: 'أرض الجليد' });
      await newChapter(t.orm, { series: s, number: 1 });
      const doomed = await newChapter(t.orm, { series: s, number: 2, uploader: owner, pages: 2 });
      const keeper = await newChapter(t.orm, { series: s, number: 3, pages: 1 });
      const own = await storedImage();
      const shared = await storedImage();
      await setPageKeys(doomed.id, [own, shared]);
      await setPageKeys(keeper.id, [shared]);
      await sql(`insert into chapter_like (user_id, chapter_id) values (?, ?)`, [other.id, doomed.id]);

      // No body at all: the reason is optional.
      const res = await remove(doomed.id, 'chapter');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: MODERATION_MESSAGES.deleted,
        item: { id: doomed.id, status: 'deleted' },
      });

      expect(await sql('select id from chapter where id = ?', [doomed.id])).toEqual([]);
      expect(await sql('select id from page where chapter_id = ?', [doomed.id])).toEqual([]);
      expect(await sql('select 1 from chapter_like where chapter_id = ?', [doomed.id])).toEqual([]);
      expect(await storage.exists(own)).toBe(false);
      expect(await storage.exists(shared)).toBe(true);
      expect((await readerPage(s, 2)).status).toBe(404);
      expect(SeriesDetailResponseSchema.parse((await seriesPage(s)).body).data.chaptersCount).toBe(2);

      // The log keeps the title after the content is gone; the uploader is told.
      expect(await logRows('chapter', doomed.id)).toEqual([
        {
          action: 'delete',
          actor_id: moderator.id,
          from_status: 'approved',
          note: null,
          title: 'أرض الجليد — الفصل ٢',
        },
      ]);
      expect((await notificationsOf(ownerCookie)).data[0]).toMatchObject({
        title: NOTIFICATION_TEXTS.deletedTitle,
        body: NOTIFICATION_TEXTS.deletedBody('أرض الجليد — الفصل ٢', null),
        path: `/series/manga/${encodeURIComponent(s.slug)}`,
      });
      expect((await remove(doomed.id, 'chapter')).status).toBe(404);
    });

    it('deletes a series with its chapters, cover and upload records, with the reason in the log', async () => {
      const storage = t.app.get(MediaStorage);
      const s = await newSeries(t.orm, { title: 'مدينة النحاس', owner, moderationStatus: 'pending' });
      const ch = await newChapter(t.orm, { series: s, number: 1, pages: 1 });
      const cover = await storedImage();
      const coverCopy = await storedImage();
      const page = await storedImage();
      await sql('update series set cover_key = ?, cover_renditions = ?::jsonb where id = ?', [
        cover,
        JSON.stringify([{ width: 200, key: coverCopy }]),
        s.id,
      ]);
      await setPageKeys(ch.id, [page]);
      const upload = '00000000-0000-4000-8000-00000000c0de';
      await sql(
        `insert into chapter_upload (id, uploader_id, series_id, number, language, upload_method, state, chapter_id)
         values (?, ?, ?, 1, 'AR', 'images', 'done', ?)`,
        [upload, owner.id, s.id, ch.id],
      );
      // An upload of a next chapter still receiving files: its folder on disk must go with the series.
      const receiving = '00000000-0000-4000-8000-00000000feed';
      await sql(
        `insert into chapter_upload (id, uploader_id, series_id, number, language, upload_method, state)
         values (?, ?, ?, 2, 'AR', 'images', 'receiving')`,
        [receiving, owner.id, s.id],
      );
      const workspace = t.app.get(IngestWorkspace);
      await mkdir(workspace.originalsDir(receiving), { recursive: true });
      await writeFile(workspace.originalPath(receiving, 0), 'page bytes');

      const res = await t
        .api()
        .delete(routePath(MODERATION_ROUTES.remove, { id: s.id }))
        .set('Cookie', adminCookie)
        .send({ reason: 'محتوى مخالف', expectedStatus: 'pending' });
      expect(res.status).toBe(200);
      expect(await sql('select id from series where id = ?', [s.id])).toEqual([]);
      expect(await sql('select id from chapter where id = ?', [ch.id])).toEqual([]);
      expect(await sql('select id from chapter_upload where series_id = ?', [s.id])).toEqual([]);
      expect(existsSync(workspace.uploadDir(receiving))).toBe(false);
      expect(await storage.exists(cover)).toBe(false);
      expect(await storage.exists(coverCopy)).toBe(false);
      expect(await storage.exists(page)).toBe(false);
      expect((await logRows('series', s.id))[0]).toMatchObject({
        action: 'delete',
        note: 'محتوى مخالف',
        title: 'مدينة النحاس',
      });
      expect((await notificationsOf(ownerCookie)).data[0]).toMatchObject({
        body: NOTIFICATION_TEXTS.deletedBody('مدينة النحاس', 'محتوى مخالف'),
        path: null,
      });
    });

    it('keeps the chapter upload record of a deleted chapter, unlinked', async () => {
      const s = await newSeries(t.orm);
      const ch = await newChapter(t.orm, { series: s, number: 1, uploader: owner });
      const upload = '00000000-0000-4000-8000-00000000beef';
      await sql(
        `insert into chapter_upload (id, uploader_id, series_id, number, language, upload_method, state, chapter_id)
         values (?, ?, ?, 1, 'AR', 'images', 'done', ?)`,
        [upload, owner.id, s.id, ch.id],
      );
      expect((await remove(ch.id, 'chapter')).status).toBe(200);
      expect(await sql('select chapter_id from chapter_upload where id = ?', [upload])).toEqual([
        { chapter_id: null },
      ]);
    });
  });

  describe('the log', () => {
    it('lists every decision newest first for admins, by action, with paging', async () => {
      const res = await t
        .api()
        .get(`${routePath(MODERATION_ROUTES.log)}?limit=5`)
        .set('Cookie', adminCookie);
      expect(res.status).toBe(200);
      const log = ModerationLogResponseSchema.parse(res.body);
      const [{ n }] = (await sql<{ n: number }>('select count(*)::int as n from moderation_log')) as [
        { n: number },
      ];
      expect(log.meta).toEqual({ total: n, page: 1, limit: 5, pages: Math.ceil(n / 5) });
      const times = log.data.map((e) => e.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(log.data[0]!.actor).not.toBeNull();

      const deletes = ModerationLogResponseSchema.parse(
        (
          await t
            .api()
            .get(`${routePath(MODERATION_ROUTES.log)}?action=delete&limit=100`)
            .set('Cookie', adminCookie)
        ).body,
      );
      expect(deletes.data.length).toBeGreaterThanOrEqual(3);
      expect(deletes.data.every((e) => e.action === 'delete')).toBe(true);
      const series = deletes.data.find((e) => e.title === 'مدينة النحاس')!;
      expect(series).toMatchObject({ contentType: 'series', fromStatus: 'pending', note: 'محتوى مخالف' });
      expect(series.actor).toEqual({ id: admin.id, username: admin.username });
    });
  });
});
