import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  type Comment,
  CommentDeleteResponseSchema,
  CommentLikeResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  COMMENT_ROUTES,
  routePath,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('comments', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let series: TestSeries;
  let chapter: TestChapter;
  let pendingChapter: TestChapter;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, admin] = await Promise.all([
      newUser(t.orm),
      newUser(t.orm),
      newUser(t.orm, { role: 'admin' }),
    ]);
    for (const u of [alice, bob, admin]) cookies.set(u.id, await signIn(t, u));
    series = await newSeries(t.orm, { title: 'سلسلة التعليقات' });
    chapter = await newChapter(t.orm, { series, number: 1 });
    pendingChapter = await newChapter(t.orm, {
      series,
      number: 2,
      moderationStatus: 'pending',
      uploader: bob,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each test's users start with a fresh rate-limit allowance. */
  beforeEach(async () => {
    const redis = t.redis;
    const keys = await redis.keys(`${t.config.redis.prefix}rl:comments-*`);
    if (keys.length > 0) await redis.del(...keys);
  });

  const as = (u: TestUser | null) =>
    u ? { Cookie: cookies.get(u.id)!, Origin: BROWSER_ORIGIN } : { Origin: BROWSER_ORIGIN };
  const post = (u: TestUser | null, body: unknown) =>
    t
      .api()
      .post(routePath(COMMENT_ROUTES.create))
      .set(as(u))
      .send(body as object);
  const list = async (query: string, u: TestUser | null = null) => {
    const res = await t
      .api()
      .get(`${routePath(COMMENT_ROUTES.list)}?${query}`)
      .set(as(u));
    expect(res.status).toBe(200);
    return CommentListResponseSchema.parse(res.body).data;
  };
  const add = async (u: TestUser, body: Record<string, unknown>): Promise<Comment> => {
    const res = await post(u, body);
    expect(res.status).toBe(201);
    return CommentResponseSchema.parse(res.body).comment;
  };

  it('asks guests to sign in with the spec texts', async () => {
    const res = await post(null, { text: 'مرحبا', content_id: series.id });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(COMMENT_MESSAGES.loginToComment);
    const like = await t
      .api()
      .post(routePath(COMMENT_ROUTES.like, { id: 1 }))
      .set(as(null));
    expect(like.status).toBe(401);
    expect(like.body.message).toBe(COMMENT_MESSAGES.loginToLike);
  });

  it('adds to a chapter, lists it for guests, and counts it on the chapter', async () => {
    const res = await post(alice, { text: '  فصل رائع  ', content_id: series.id, chapter_id: chapter.id });
    expect(res.status).toBe(201);
    const body = CommentResponseSchema.parse(res.body);
    expect(body.message).toBe(COMMENT_MESSAGES.added);
    expect(body.comment).toMatchObject({
      text: 'فصل رائع',
      user_id: alice.id,
      username: alice.username,
      content_id: series.id,
      chapter_id: chapter.id,
      parent_id: null,
      likes: 0,
      deleted: false,
    });
    const data = await list(`content_id=${series.id}&chapter_id=${chapter.id}`);
    expect(data.comments.map((c) => c.id)).toContain(body.comment.id);
    const reader = await t.api().get(`/api/series/manga/${series.slug}/1`);
    expect(reader.status).toBe(200);
    expect(reader.body.data.comments).toBe(data.count);
    // The series tab holds the series' own comments, not its chapters'.
    expect((await list(`content_id=${series.id}`)).comments).toEqual([]);
  });

  it('refuses empty, oversized, malformed and unknown targets', async () => {
    const empty = await post(alice, { text: ' \u202e ', content_id: series.id });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.text).toEqual([COMMENT_MESSAGES.emptyNew]);
    const long = await post(alice, { text: 'ا'.repeat(COMMENT_LIMITS.textMax + 1), content_id: series.id });
    expect(long.body.errors.text).toEqual([COMMENT_MESSAGES.tooLong]);
    expect((await post(alice, { text: 'x' })).status).toBe(400);
    expect((await post(alice, { text: 'x', content_id: 'abc' })).status).toBe(400);
    expect((await post(alice, { text: 123, content_id: series.id })).status).toBe(400);
    expect((await post(alice, { text: 'x', content_id: series.id, user_id: bob.id })).status).toBe(400);
    expect((await post(alice, { text: 'x', content_id: 999_999 })).status).toBe(404);
    const other = await newSeries(t.orm);
    // A chapter named with a series it is not in.
    expect((await post(alice, { text: 'x', content_id: other.id, chapter_id: chapter.id })).status).toBe(404);
    expect((await t.api().get(routePath(COMMENT_ROUTES.list))).status).toBe(400);
  });

  it('hides pending chapters from those who may not see them', async () => {
    expect((await post(alice, { text: 'x', chapter_id: pendingChapter.id })).status).toBe(404);
    expect(
      (await t.api().get(`${routePath(COMMENT_ROUTES.list)}?chapter_id=${pendingChapter.id}`)).status,
    ).toBe(404);
    expect((await post(bob, { text: 'ملاحظة المترجم', chapter_id: pendingChapter.id })).status).toBe(201);
  });

  it('keeps text as written: markup comes back as text, disguising bidi controls are gone', async () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    expect((await add(alice, { text: xss, content_id: series.id })).text).toBe(xss);
    const trojan = 'admin\u202e\u2066gnp.exe\u2069 مرحبا\u200f';
    expect((await add(alice, { text: trojan, content_id: series.id })).text).toBe('admingnp.exe مرحبا\u200f');
    expect((await add(alice, { text: 'a\r\n\r\n\r\n\r\nb\u0000', content_id: series.id })).text).toBe(
      'a\n\nb',
    );
  });

  it('nests replies by parent, tells the parent author, and refuses replies across pages', async () => {
    const root = await add(alice, { text: 'سؤال', content_id: series.id, chapter_id: chapter.id });
    const reply = await add(bob, { text: 'جواب', parent_id: root.id });
    const deeper = await add(alice, { text: 'شكرًا', parent_id: reply.id, chapter_id: chapter.id });
    expect(reply).toMatchObject({ parent_id: root.id, chapter_id: chapter.id, content_id: series.id });

    const data = await list(`chapter_id=${chapter.id}`);
    const thread = data.comments.find((c) => c.id === root.id)!;
    expect(thread.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(thread.replies[0]!.replies.map((r) => r.id)).toEqual([deeper.id]);

    const notified = await t.orm.em
      .getConnection()
      .execute<{ type: string; path: string }[]>(`select type, path from notification where user_id = ?`, [
        alice.id,
      ]);
    expect(notified).toEqual([expect.objectContaining({ type: 'comment' })]);
    expect(notified[0]!.path).toContain(`#comment-${reply.id}`);

    const cross = await post(bob, { text: 'x', parent_id: root.id, content_id: series.id });
    expect(cross.status).toBe(400);
    expect(cross.body.errors.parent_id).toEqual([COMMENT_MESSAGES.parentMismatch]);
    expect((await post(bob, { text: 'x', parent_id: 999_999 })).status).toBe(404);
  });

  it('pages top-level comments by 10, newest first, with the total', async () => {
    const target = await newSeries(t.orm);
    for (let i = 0; i < 12; i++) {
      await t.orm.em
        .getConnection()
        .execute(
          `insert into comment (series_id, user_id, text, created_at) values (?, ?, ?, now() - make_interval(mins => ?))`,
          [target.id, alice.id, `تعليق ${i}`, i],
        );
    }
    await t.orm.em
      .getConnection()
      .execute(`update comment set root_id = id where series_id = ?`, [target.id]);
    const first = await list(`content_id=${target.id}`);
    expect(first.total).toBe(12);
    expect(first.comments).toHaveLength(10);
    expect(first.comments[0]!.text).toBe('تعليق 0');
    const second = await list(`content_id=${target.id}&page=2`);
    expect(second.comments.map((c) => c.text)).toEqual(['تعليق 10', 'تعليق 11']);
    expect(
      (await t.api().get(`${routePath(COMMENT_ROUTES.list)}?content_id=${target.id}&limit=500`)).status,
    ).toBe(400);
  });

  it('lets authors edit and delete their own, admins any, others none', async () => {
    const mine = await add(alice, { text: 'أصل', content_id: series.id });
    const put = (u: TestUser, id: number, text: unknown) =>
      t
        .api()
        .put(routePath(COMMENT_ROUTES.update, { id: id }))
        .set(as(u))
        .send({ text });

    const byBob = await put(bob, mine.id, 'تخريب');
    expect(byBob.status).toBe(403);
    expect(byBob.body.message).toBe(COMMENT_MESSAGES.notYours);
    expect(
      (
        await t
          .api()
          .delete(routePath(COMMENT_ROUTES.remove, { id: mine.id }))
          .set(as(bob))
      ).status,
    ).toBe(403);

    const empty = await put(alice, mine.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.text).toEqual([COMMENT_MESSAGES.emptyEdit]);
    const edited = await put(alice, mine.id, 'معدّل');
    expect(edited.status).toBe(200);
    expect(CommentResponseSchema.parse(edited.body)).toMatchObject({
      message: COMMENT_MESSAGES.edited,
      comment: { text: 'معدّل' },
    });
    expect(CommentResponseSchema.parse(edited.body).comment.edited_at).not.toBeNull();
    expect((await put(admin, mine.id, 'بقلم المدير')).status).toBe(200);

    const removed = await t
      .api()
      .delete(routePath(COMMENT_ROUTES.remove, { id: mine.id }))
      .set(as(admin));
    expect(removed.status).toBe(200);
    expect(CommentDeleteResponseSchema.parse(removed.body)).toEqual({
      success: true,
      message: COMMENT_MESSAGES.deleted,
      kept: false,
    });
    expect(
      (
        await t
          .api()
          .delete(routePath(COMMENT_ROUTES.remove, { id: mine.id }))
          .set(as(alice))
      ).status,
    ).toBe(404);
    expect((await put(alice, 999_999, 'x')).status).toBe(404);
  });

  it('keeps a deleted comment with replies as a readable thread, and clears it once the replies go', async () => {
    const root = await add(alice, { text: 'جذر', content_id: series.id });
    const reply = await add(bob, { text: 'رد', parent_id: root.id });
    const gone = await t
      .api()
      .delete(routePath(COMMENT_ROUTES.remove, { id: root.id }))
      .set(as(alice));
    expect(CommentDeleteResponseSchema.parse(gone.body).kept).toBe(true);
    let thread = (await list(`content_id=${series.id}`)).comments.find((c) => c.id === root.id)!;
    expect(thread).toMatchObject({ deleted: true, text: '', username: null });
    expect(thread.replies.map((r) => r.text)).toEqual(['رد']);
    expect((await post(bob, { text: 'x', parent_id: root.id })).body.errors.parent_id).toEqual([
      COMMENT_MESSAGES.parentDeleted,
    ]);
    expect(
      (
        await t
          .api()
          .post(routePath(COMMENT_ROUTES.like, { id: root.id }))
          .set(as(bob))
      ).status,
    ).toBe(404);

    await t
      .api()
      .delete(routePath(COMMENT_ROUTES.remove, { id: reply.id }))
      .set(as(bob));
    thread = (await list(`content_id=${series.id}`)).comments.find((c) => c.id === root.id)!;
    expect(thread).toBeUndefined();
  });

  it('toggles a like, one per user, even when toggled many times at once', async () => {
    const comment = await add(alice, { text: 'أعجبني', content_id: series.id });
    const like = (u: TestUser) =>
      t
        .api()
        .post(routePath(COMMENT_ROUTES.like, { id: comment.id }))
        .set(as(u));
    const first = CommentLikeResponseSchema.parse((await like(bob)).body);
    expect(first).toEqual({ success: true, liked: true, likes: 1 });
    expect(
      (await list(`content_id=${series.id}`, bob)).comments.find((c) => c.id === comment.id)!.liked,
    ).toBe(true);
    expect((await list(`content_id=${series.id}`)).comments.find((c) => c.id === comment.id)!.liked).toBe(
      false,
    );

    // Five toggles by one user at once: an odd number, so the like ends taken back; the count matches.
    await Promise.all(Array.from({ length: 5 }, () => like(bob)));
    await Promise.all([like(alice), like(admin)]);
    const stored = await t.orm.em.getConnection().execute<{ likes: number; rows: number }[]>(
      `select like_count as likes, (select count(*)::int from comment_like where comment_id = c.id) as rows
         from comment c where id = ?`,
      [comment.id],
    );
    expect(stored[0]).toEqual({ likes: 2, rows: 2 });
    expect(
      (
        await t
          .api()
          .post(routePath(COMMENT_ROUTES.like, { id: 999_999 }))
          .set(as(bob))
      ).status,
    ).toBe(404);
  });

  it('slows down a user who posts too fast, with the Arabic message', async () => {
    const statuses: number[] = [];
    let last: { message?: string } = {};
    for (let i = 0; i < COMMENT_LIMITS.perMinute + 1; i++) {
      const res = await post(bob, { text: `رسالة ${i}`, content_id: series.id });
      statuses.push(res.status);
      last = res.body as { message?: string };
    }
    expect(statuses.slice(0, COMMENT_LIMITS.perMinute).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last.message).toBe(COMMENT_MESSAGES.tooFast);
    // Someone else is not slowed by it.
    expect((await post(alice, { text: 'أنا هنا', content_id: series.id })).status).toBe(201);
  });
});
