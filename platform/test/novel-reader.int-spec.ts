import { CONTENT_MESSAGES, type NovelDocument, UserStatusResponseSchema } from '@warraq/contracts';
import { signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

/** Issue 13: the novel reader's position is kept at paragraph precision, per user. */
describe('novel reader position', () => {
  let t: TestApp;
  let reader: TestUser;
  let other: TestUser;
  let uploader: TestUser;
  let novel: TestSeries;
  let text1: TestChapter;
  let text2: TestChapter;
  let pending: TestChapter;
  let images: TestChapter;
  let readerCookie: string;
  let otherCookie: string;

  const paragraphs = (n: number): NovelDocument => ({
    version: 1,
    blocks: Array.from({ length: n }, (_, i) =>
      i === 2 ? { type: 'scene-break' } : { type: 'paragraph', runs: [{ text: `فقرة رقم ${i + 1}` }] },
    ),
  });
  const save = (cookie: string | null, body: Record<string, unknown>) => {
    const request = t.api().post('/api/content/progress');
    return (cookie ? request.set('Cookie', cookie) : request).send(body);
  };
  const status = async (cookie: string) =>
    UserStatusResponseSchema.parse(
      (await t.api().get(`/api/content/user-status?contentId=${novel.id}`).set('Cookie', cookie)).body,
    );

  beforeAll(async () => {
    t = await createTestApp();
    [reader, other, uploader] = await Promise.all([newUser(t.orm), newUser(t.orm), newUser(t.orm)]);
    [readerCookie, otherCookie] = await Promise.all([signIn(t, reader), signIn(t, other)]);
    novel = await newSeries(t.orm, { title: 'رواية الفقرات', type: 'novel' });
    text1 = await newChapter(t.orm, { series: novel, number: 1, text: paragraphs(8) });
    text2 = await newChapter(t.orm, { series: novel, number: 2, text: paragraphs(5) });
    pending = await newChapter(t.orm, {
      series: novel,
      number: 3,
      text: paragraphs(5),
      moderationStatus: 'pending',
      uploader,
    });
    images = await newChapter(t.orm, { series: novel, number: 4, pages: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the paragraph and answers it to every session of the same user', async () => {
    const res = await save(readerCookie, { contentId: novel.id, chapterId: text1.id, paragraph: 6 });
    expect(res.status).toBe(200);
    expect((await status(readerCookie)).progress).toEqual({
      chapterId: text1.id,
      chapterNumber: 1,
      page: 0,
      paragraph: 6,
    });
    // Another device: a second sign-in of the same account.
    const elsewhere = await signIn(t, reader);
    expect((await status(elsewhere)).progress?.paragraph).toBe(6);

    // Moving on to chapter 2 moves the position there.
    expect((await save(elsewhere, { contentId: novel.id, chapterId: text2.id, paragraph: 0 })).status).toBe(
      200,
    );
    expect((await status(readerCookie)).progress).toMatchObject({ chapterId: text2.id, paragraph: 0 });
  });

  it('refuses a paragraph the chapter does not have, with an Arabic field error', async () => {
    for (const paragraph of [8, 100_001, -1, 1.5, 'الأولى']) {
      const res = await save(readerCookie, { contentId: novel.id, chapterId: text1.id, paragraph });
      expect({ paragraph, status: res.status }).toEqual({ paragraph, status: 400 });
      expect(res.body.errors.paragraph).toBeDefined();
    }
    const past = await save(readerCookie, { contentId: novel.id, chapterId: text1.id, paragraph: 8 });
    expect(past.body.errors.paragraph).toEqual([CONTENT_MESSAGES.paragraphOutOfRange]);
    // A chapter of images has no paragraphs.
    const onImages = await save(readerCookie, { contentId: novel.id, chapterId: images.id, paragraph: 0 });
    expect(onImages.status).toBe(400);
    expect(onImages.body.errors.paragraph).toEqual([CONTENT_MESSAGES.paragraphOutOfRange]);
    // Nothing refused was stored.
    expect((await status(readerCookie)).progress).toMatchObject({ chapterId: text2.id, paragraph: 0 });
  });

  it("keeps each user's position their own, and hides chapters they may not read", async () => {
    expect((await save(otherCookie, { contentId: novel.id, chapterId: text1.id, paragraph: 3 })).status).toBe(
      200,
    );
    expect((await status(otherCookie)).progress).toMatchObject({ chapterId: text1.id, paragraph: 3 });
    expect((await status(readerCookie)).progress).toMatchObject({ chapterId: text2.id, paragraph: 0 });

    // Someone else's pending chapter is not there for a reader, paragraph or not.
    const hidden = await save(otherCookie, { contentId: novel.id, chapterId: pending.id, paragraph: 1 });
    expect(hidden.status).toBe(404);
    // Nor is a chapter named under another series.
    const elsewhere = await newSeries(t.orm, { title: 'رواية أخرى', type: 'novel' });
    expect(
      (await save(otherCookie, { contentId: elsewhere.id, chapterId: text1.id, paragraph: 1 })).status,
    ).toBe(404);
    expect((await save(null, { contentId: novel.id, chapterId: text1.id, paragraph: 1 })).status).toBe(401);
  });

  it('an image chapter saved after a text one leaves no paragraph behind', async () => {
    expect((await save(otherCookie, { contentId: novel.id, chapterId: images.id, page: 1 })).status).toBe(
      200,
    );
    expect((await status(otherCookie)).progress).toEqual({
      chapterId: images.id,
      chapterNumber: 4,
      page: 1,
      paragraph: null,
    });
  });
});
