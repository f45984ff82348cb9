import type { INestApplicationContext } from '@nestjs/common';
import {
  ChapterImportResponseSchema,
  ChapterResponseSchema,
  CONTENT_ROUTES,
  INGEST_MESSAGES,
  INGEST_ROUTES,
  MODERATION_ROUTES,
  NOVEL_CHAPTER_MESSAGES,
  NOVEL_IMPORT_MESSAGES,
  NOVEL_TEXT_MESSAGES,
  type ChapterImport,
  type NovelText,
  routePath,
  type TextChapterBody,
  TextChapterResponseSchema,
} from '@warraq/contracts';
import { buildDocx, buildEpub, EPUB_CONTAINER, epubPackage, wordDocument, xhtml } from '@warraq/test-media';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { startWorker } from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

jest.setTimeout(60_000);

const MiB = 1024 * 1024;

/** The field errors on the text (`text`, or a path inside it such as `text.blocks`). */
function textErrors(body: { errors?: Record<string, string[]> }): string[] {
  return Object.entries(body.errors ?? {})
    .filter(([field]) => field === 'text' || field.startsWith('text.'))
    .flatMap(([, messages]) => messages);
}

function paragraphs(...texts: string[]): NovelText {
  return { version: 1, blocks: texts.map((text) => ({ type: 'paragraph' as const, runs: [{ text }] })) };
}

/** Issue 13: a novel chapter written as text, moderated and read; every hostile input refused or inert. */
describe('novel chapters written as text', () => {
  let t: TestApp;
  let author: TestUser;
  let cookie: string;
  let modCookie: string;
  let novel: TestSeries;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newUser(t.orm);
    cookie = await signIn(t, author);
    modCookie = await signIn(t, await newUser(t.orm, { role: 'moderator' }));
    novel = await newSeries(t.orm, { type: 'novel', title: 'رواية الاختبار' });
  });
  afterAll(async () => {
    await t.close();
  });

  let nextNumber = 1;
  const body = (extra: Partial<TextChapterBody> = {}): TextChapterBody => ({
    seriesId: novel.id,
    chapterNumber: nextNumber++,
    language: 'AR',
    text: paragraphs('كان الليل طويلًا.'),
    ...extra,
  });
  const submit = (payload: unknown, as: string | null = cookie) => {
    const req = t.api().post(routePath(INGEST_ROUTES.createText)).set('Origin', BROWSER_ORIGIN);
    if (as) void req.set('Cookie', as);
    return req.send(payload as object);
  };
  const storedText = async (chapterId: number) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<{ text: NovelText; word_count: number; uploader_id: number; moderation_status: string }[]>(
          'select text, word_count, uploader_id, moderation_status from chapter where id = ?',
          [chapterId],
        )
    )[0]!;
  const read = (slug: string, number: number, as: string | null = null) => {
    const req = t.api().get(routePath(CONTENT_ROUTES.chapter, { slug, chapterNumber: number }));
    if (as) void req.set('Cookie', as);
    return req;
  };

  it('is created pending, approved by a moderator (points to the author), then read by a guest as written', async () => {
    const text: NovelText = {
      version: 1,
      blocks: [
        {
          type: 'paragraph',
          runs: [{ text: 'كان الليل ' }, { text: 'طويلًا', emphasis: true }, { text: '.' }],
        },
        { type: 'scene-break' },
        { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
      ],
    };
    const res = await submit(body({ chapterNumber: 100, text, title: 'البداية' }));
    expect(res.status).toBe(201);
    const { chapter, message } = TextChapterResponseSchema.parse(res.body);
    expect(message).toBe(NOVEL_CHAPTER_MESSAGES.created);
    expect(chapter).toMatchObject({ seriesId: novel.id, chapterNumber: 100, words: 5 });
    expect((await storedText(chapter.id)).moderation_status).toBe('pending');

    // Pending: the author sees it, a guest does not.
    expect((await read(novel.slug, 100)).status).toBe(404);
    expect((await read(novel.slug, 100, cookie)).status).toBe(200);
    // Staff find it in the moderation queue.
    const queue = await t.api().get('/api/content?status=pending').set('Cookie', modCookie);
    expect(JSON.stringify(queue.body)).toContain(`"id":${chapter.id}`);

    const pointsBefore = await pointsOf(author.id);
    const approved = await t
      .api()
      .put(`${routePath(MODERATION_ROUTES.approve, { id: chapter.id })}?contentType=chapter`)
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', modCookie)
      .send({});
    expect(approved.status).toBe(200);
    expect(await pointsOf(author.id)).toBeGreaterThan(pointsBefore);

    const guest = await read(novel.slug, 100);
    expect(guest.status).toBe(200);
    const { data } = ChapterResponseSchema.parse(guest.body);
    expect(data.text).toEqual(text);
    expect(data.wordCount).toBe(5);
    expect(data.images).toEqual([]);
  });

  async function pointsOf(userId: number): Promise<number> {
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ points: number }[]>('select points from "user" where id = ?', [userId]);
    return rows[0]!.points;
  }

  it('keeps HTML and script inside a run as inert text, and refuses any other key', async () => {
    const res = await submit(body({ text: paragraphs("<script>alert(1)</script><b onclick='x'>نص</b>") }));
    expect(res.status).toBe(201);
    const { chapter } = TextChapterResponseSchema.parse(res.body);
    expect((await storedText(chapter.id)).text.blocks).toEqual([
      { type: 'paragraph', runs: [{ text: "<script>alert(1)</script><b onclick='x'>نص</b>" }] },
    ]);

    const withHtml = await submit(
      body({
        text: { version: 1, blocks: [{ type: 'paragraph', runs: [{ text: 'x' }], html: '<img src=x>' }] },
      } as never),
    );
    expect(withHtml.status).toBe(400);
    expect(textErrors(withHtml.body)).toEqual([NOVEL_TEXT_MESSAGES.invalidStructure]);
  });

  it('removes bidi and zero-width controls before storing, and counts the words that remain', async () => {
    const res = await submit(body({ text: paragraphs('\u202Eمرحبا\u200B بالعالم\u2066\u2069') }));
    expect(res.status).toBe(201);
    const { chapter } = TextChapterResponseSchema.parse(res.body);
    const stored = await storedText(chapter.id);
    expect(stored.text.blocks).toEqual([{ type: 'paragraph', runs: [{ text: 'مرحبا بالعالم' }] }]);
    expect(stored.word_count).toBe(2);
  });

  it('refuses an empty chapter, and one that is empty once its invisible characters are removed', async () => {
    for (const text of [{ version: 1, blocks: [] }, paragraphs('   '), paragraphs('\u200B\u200F\u202E')]) {
      const res = await submit(body({ text: text as NovelText }));
      expect(res.status).toBe(400);
      expect(textErrors(res.body)).toEqual([NOVEL_TEXT_MESSAGES.empty]);
    }
  });

  it('refuses 2 MB of text: over the body limit with a JSON 413, under it by the text limit', async () => {
    const huge = 'ب'.repeat(1000);
    const twoMb = paragraphs(...Array.from({ length: 1100 }, () => huge));
    const over = await submit(body({ text: twoMb }));
    expect(over.status).toBe(413);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    expect(over.body).toMatchObject({ success: false, errors: { text: [NOVEL_TEXT_MESSAGES.tooLong] } });

    const oneMb = paragraphs(...Array.from({ length: 550 }, () => huge));
    const under = await submit(body({ text: oneMb }));
    expect(under.status).toBe(400);
    expect(textErrors(under.body)).toEqual([NOVEL_TEXT_MESSAGES.tooLong]);
  });

  it('refuses wrong types with field errors', async () => {
    const cases: unknown[] = [
      { ...body(), text: 'نص عادي' },
      { ...body(), text: { version: 1, blocks: [{ type: 'paragraph', runs: [{ text: 5 }] }] } },
      { ...body(), text: { version: 2, blocks: [] } },
      { ...body(), seriesId: 'abc' },
      { ...body(), chapterNumber: 'one' },
    ];
    for (const payload of cases) {
      const res = await submit(payload);
      expect(res.status).toBe(400);
      const messages = Object.values(res.body.errors as Record<string, string[]>).flat();
      expect(messages.length).toBeGreaterThan(0);
      // Every reason is Arabic, never a parser's English.
      for (const message of messages) expect(message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("lists novels for the novel site's add-chapter form, and only manga without a type", async () => {
    const list = async (query: string) => {
      const res = await t.api().get(`${routePath(CONTENT_ROUTES.mangaList)}?${query}`);
      expect(res.status).toBe(200);
      return (res.body as { data: { id: number }[] }).data.map((s) => s.id);
    };
    expect(await list(`type=novel&search=${encodeURIComponent('رواية الاختبار')}`)).toContain(novel.id);
    expect(await list(`search=${encodeURIComponent('رواية الاختبار')}`)).not.toContain(novel.id);
  });

  it('refuses a series that is not a novel with a field error', async () => {
    const manga = await newSeries(t.orm, { type: 'manga' });
    const res = await submit(body({ seriesId: manga.id }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ seriesId: [NOVEL_CHAPTER_MESSAGES.novelOnly] });
  });

  it("refuses a duplicate variant, takes another group's, and hides someone else's pending novel", async () => {
    const first = await submit(body({ chapterNumber: 7, translationGroup: 'فريق' }));
    expect(first.status).toBe(201);
    const again = await submit(body({ chapterNumber: 7, translationGroup: 'فريق' }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ chapterNumber: [INGEST_MESSAGES.duplicateChapter] });
    expect((await submit(body({ chapterNumber: 7, translationGroup: 'فريق آخر' }))).status).toBe(201);
    expect((await submit(body({ chapterNumber: 7, language: 'EN', translationGroup: 'فريق' }))).status).toBe(
      201,
    );

    const stranger = await newUser(t.orm);
    const hidden = await newSeries(t.orm, { type: 'novel', moderationStatus: 'pending', owner: stranger });
    expect((await submit(body({ seriesId: hidden.id }))).status).toBe(404);
  });

  it('makes the session user the uploader, whatever the request claims; a guest is refused', async () => {
    const other = await newUser(t.orm);
    const res = await t
      .api()
      .post(routePath(INGEST_ROUTES.createText))
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', `${cookie}; user_id=${other.id}`)
      .set('x-user-id', String(other.id))
      .send({ ...body(), uploaderId: other.id, userId: other.id });
    expect(res.status).toBe(201);
    const { chapter } = TextChapterResponseSchema.parse(res.body);
    expect((await storedText(chapter.id)).uploader_id).toBe(author.id);

    const guest = await submit(body(), null);
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe(INGEST_MESSAGES.loginRequired);
  });
});

describe('chapter files imported in the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    cookie = await signIn(t, await newUser(t.orm));
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const send = (name: string, bytes: Buffer, as = cookie) =>
    t
      .api()
      .post(routePath(INGEST_ROUTES.importFile))
      .query({ name })
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', as)
      .set('Content-Type', 'application/octet-stream')
      .send(bytes);

  async function imported(name: string, bytes: Buffer): Promise<ChapterImport> {
    const res = await send(name, bytes);
    expect(res.status).toBe(202);
    const { id } = ChapterImportResponseSchema.parse(res.body).import;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const status = await t.api().get(routePath(INGEST_ROUTES.importStatus, { id })).set('Cookie', cookie);
      expect(status.status).toBe(200);
      const view = ChapterImportResponseSchema.parse(status.body).import;
      if (view.state !== 'processing') return view;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`import ${id} did not finish`);
  }

  it('reads a .txt into text to review, without creating a chapter; only its author may look', async () => {
    const result = await imported(
      'الفصل.txt',
      Buffer.from('السطر الأول *مائل*.\n\n* * *\n\n«حوار»\n', 'utf8'),
    );
    expect(result).toMatchObject({ state: 'done', fileName: 'الفصل.txt', failure: null, words: 4 });
    expect(result.text?.blocks).toEqual([
      {
        type: 'paragraph',
        runs: [{ text: 'السطر الأول ' }, { text: 'مائل', emphasis: true }, { text: '.' }],
      },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«حوار»' }] },
    ]);
    const other = await signIn(t, await newUser(t.orm));
    const res = await t
      .api()
      .get(routePath(INGEST_ROUTES.importStatus, { id: result.id }))
      .set('Cookie', other);
    expect(res.status).toBe(404);
  });

  it('reads a .docx with its bold and italic', async () => {
    const docx = buildDocx({
      document: wordDocument(
        '<w:p><w:r><w:t xml:space="preserve">نص </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>عريض</w:t></w:r></w:p>',
      ),
    });
    const result = await imported('chapter.docx', docx);
    expect(result.text?.blocks).toEqual([
      { type: 'paragraph', runs: [{ text: 'نص ' }, { text: 'عريض', strong: true }] },
    ]);
  });

  it('refuses a .docx that is a zip bomb, with the Arabic reason', async () => {
    const bomb = buildDocx({ document: Buffer.alloc(20 * MiB, 'ا') });
    const result = await imported('bomb.docx', bomb);
    expect(result.state).toBe('failed');
    expect(result.failure?.code).toBe('archive_ratio');
    expect(result.text).toBeNull();
  });

  it('refuses an .epub with a path traversal, and one with an external entity', async () => {
    const traversal = buildEpub({
      chapters: { 'c1.xhtml': xhtml('<p>نص</p>') },
      extra: [{ name: 'OEBPS/../../../evil.xhtml', data: Buffer.from('x') }],
    });
    const climbed = await imported('traversal.epub', traversal);
    expect(climbed.failure).toMatchObject({
      code: 'archive_unsafe_path',
      message: NOVEL_IMPORT_MESSAGES.archiveUnsafePath('OEBPS/../../../evil.xhtml'),
    });

    const xxe = buildEpub({
      chapters: {
        'c1.xhtml': xhtml(
          '<p>&xxe;</p>',
          '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
        ),
      },
      container: EPUB_CONTAINER,
      packageDocument: epubPackage(['c1.xhtml']),
    });
    const entity = await imported('xxe.epub', xxe);
    expect(entity.failure?.code).toBe('xml_entities');
    expect(JSON.stringify(entity)).not.toContain('root:');
  });

  it('refuses what it cannot read before queueing, and an empty file', async () => {
    const pdf = await send('chapter.pdf', Buffer.from('%PDF-1.7'));
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors).toEqual({ file: [NOVEL_IMPORT_MESSAGES.unsupportedType] });
    const empty = await send('chapter.txt', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const over = await send('big.epub', Buffer.alloc(21 * MiB));
    expect(over.status).toBe(413);
    expect(over.body.errors).toEqual({ file: [NOVEL_CHAPTER_MESSAGES.fileTooLarge] });
  });
});
