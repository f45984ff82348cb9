import {
  type ChapterUploadResponse,
  INGEST_LIMITS,
  INGEST_MESSAGES,
  type UploadFileResponse,
  INGEST_ROUTES,
  routePath,
} from '@warraq/contracts';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, utimes } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { IngestQueue } from '../src/modules/ingest/ingest.queue';
import { IngestRepository } from '../src/modules/ingest/ingest.repository';
import { IngestWorkspace } from '../src/modules/ingest/ingest-workspace';
import { AbandonedUploadsService } from '../src/modules/maintenance/abandoned-uploads.service';
import { ChapterImportFiles } from '../src/modules/novel-text/chapter-import-files';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import {
  commit,
  declare,
  declareAndSend,
  declareBody,
  getStatus,
  imageFile,
  jpegPages,
  putFile,
  retry,
  type TestFile,
  uploadRecord,
  zipFile,
  uploaderCast,
} from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

const png = (name: string, size = 1000) => ({ name, size, type: 'image/png' });

// Uploads, processing and (re)connections take seconds, not the default five-second budget.
jest.setTimeout(30_000);

describe('chapter upload: declare, files, commit (API only)', () => {
  let t: TestApp;
  let other: TestUser;
  let cookie: string;
  let otherCookie: string;
  let moderatorCookie: string;
  let series: TestSeries;
  let pages: Buffer[];
  let chapterNumber = 100;
  /** Each test declares its own chapter number, so no two collide as variants. */
  const nextNumber = () => ++chapterNumber;

  beforeAll(async () => {
    t = await createTestApp({ env: { WARRAQ_INGEST_MAX_OPEN_UPLOADS: '50' } });
    ({ other, cookie, otherCookie, moderatorCookie } = await uploaderCast(t));
    series = await newSeries(t.orm);
    pages = await jpegPages(2);
  });
  afterAll(async () => {
    await t.close();
  });

  const images = (): TestFile[] => pages.map((bytes, i) => imageFile(`${i + 1}.jpg`, bytes));

  describe('declaring', () => {
    it('asks a guest to sign in', async () => {
      const res = await t
        .api()
        .post(routePath(INGEST_ROUTES.declare))
        .set('Origin', BROWSER_ORIGIN)
        .send(declareBody(series.id, 'images', images()));
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(INGEST_MESSAGES.loginRequired);
    });

    it('records the upload, receiving its declared files', async () => {
      const number = nextNumber();
      const res = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', images(), { chapterNumber: number + 0.5 }),
      );
      expect(res.status).toBe(201);
      const body = res.body as ChapterUploadResponse;
      expect(body.upload).toMatchObject({
        state: 'receiving',
        uploadMethod: 'images',
        mangaId: series.id,
        mangaSlug: series.slug,
        chapterNumber: number + 0.5,
        language: 'AR',
        processed: 0,
        chapterId: null,
        chapterPath: null,
        failure: null,
      } satisfies Partial<ChapterUploadResponse['upload']>);
      expect(body.upload.files).toEqual([
        { index: 0, name: '1.jpg', size: pages[0]!.length, received: false },
        { index: 1, name: '2.jpg', size: pages[1]!.length, received: false },
      ]);
      expect((await uploadRecord(t, body.upload.id))?.state).toBe('receiving');
    });

    it.each([
      [
        'more than 300 images',
        Array.from({ length: 301 }, (_, i) => png(`${i}.png`)),
        'images',
        INGEST_MESSAGES.maxImages,
      ],
      ['no files', [], 'images', INGEST_MESSAGES.noFiles],
      [
        'a GIF',
        [png('1.png'), { name: '2.gif', size: 10, type: 'image/gif' }],
        'images',
        INGEST_MESSAGES.imagesOnly,
      ],
      [
        'an image named .png declared as HTML',
        [{ name: 'x.png', size: 10, type: 'text/html' }],
        'images',
        INGEST_MESSAGES.imagesOnly,
      ],
      [
        'a zip among images',
        [png('1.png'), { name: 'c.zip', size: 10, type: 'application/zip' }],
        'images',
        INGEST_MESSAGES.imagesOnly,
      ],
      [
        'an image over 10 MB',
        [png('1.png', INGEST_LIMITS.maxImageBytes + 1)],
        'images',
        INGEST_MESSAGES.imageTooLarge,
      ],
      [
        'two zips',
        [
          { name: 'a.zip', size: 10, type: 'application/zip' },
          { name: 'b.zip', size: 10, type: 'application/zip' },
        ],
        'zip',
        INGEST_MESSAGES.oneZipOnly,
      ],
      [
        'a .rar in zip mode',
        [{ name: 'a.rar', size: 10, type: 'application/x-rar' }],
        'zip',
        INGEST_MESSAGES.zipOnly,
      ],
      ['an image in zip mode', [png('1.png')], 'zip', INGEST_MESSAGES.zipOnly],
      [
        'a zip over 100 MB',
        [{ name: 'a.zip', size: INGEST_LIMITS.maxZipBytes + 1, type: 'application/zip' }],
        'zip',
        INGEST_MESSAGES.zipTooLarge,
      ],
    ])('refuses %s with the Arabic message', async (_, files, uploadMethod, message) => {
      const res = await declare(t, cookie, {
        mangaId: series.id,
        chapterNumber: nextNumber(),
        language: 'AR',
        uploadMethod,
        files,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.files).toEqual([message]);
    });

    it('names each missing field', async () => {
      const res = await declare(t, cookie, { uploadMethod: 'images', files: [png('1.png')], language: 'XX' });
      expect(res.status).toBe(400);
      expect(res.body.errors.mangaId).toEqual([INGEST_MESSAGES.mangaRequired]);
      expect(res.body.errors.chapterNumber).toEqual([INGEST_MESSAGES.chapterNumberRequired]);
      expect(res.body.errors.language).toEqual([INGEST_MESSAGES.languageRequired]);
    });

    it('does not reveal a series the uploader may not see', async () => {
      const theirs = await newSeries(t.orm, { owner: other, moderationStatus: 'pending' });
      for (const mangaId of [theirs.id, 987_654]) {
        const res = await declare(
          t,
          cookie,
          declareBody(mangaId, 'images', images(), { chapterNumber: nextNumber() }),
        );
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(INGEST_MESSAGES.mangaNotFound);
      }
      // Its owner and staff may add chapters to it.
      const own = await declare(t, otherCookie, declareBody(theirs.id, 'images', images()));
      expect(own.status).toBe(201);
      const staff = await declare(
        t,
        moderatorCookie,
        declareBody(theirs.id, 'images', images(), { chapterNumber: 2 }),
      );
      expect(staff.status).toBe(201);
    });

    it('takes no image chapter for a novel', async () => {
      const novel = await newSeries(t.orm, { type: 'novel' });
      const res = await declare(t, cookie, declareBody(novel.id, 'images', images()));
      expect(res.status).toBe(400);
      expect(res.body.errors.mangaId).toEqual([INGEST_MESSAGES.imageSeriesOnly]);
    });

    it('refuses a variant that exists (same number, language and group, any case), not another one', async () => {
      const number = nextNumber();
      await newChapter(t.orm, { series, number, language: 'AR', group: 'Fansub Team' });
      await newChapter(t.orm, {
        series,
        number,
        language: 'EN',
        group: 'Gone',
        moderationStatus: 'rejected',
      });
      const same = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', images(), {
          chapterNumber: number,
          translationGroup: 'fansub team',
        }),
      );
      expect(same.status).toBe(409);
      expect(same.body.errors.chapterNumber).toEqual([INGEST_MESSAGES.duplicateChapter]);
      const otherGroup = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', images(), { chapterNumber: number, translationGroup: 'Another' }),
      );
      expect(otherGroup.status).toBe(201);
      const replacesRejected = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', images(), {
          chapterNumber: number,
          language: 'EN',
          translationGroup: 'Gone',
        }),
      );
      expect(replacesRejected.status).toBe(201);
    });

    it('holds a few unfinished uploads per user at a time (429)', async () => {
      const limited = await createTestApp({ env: { WARRAQ_INGEST_MAX_OPEN_UPLOADS: '3' } });
      try {
        const user = await newUser(limited.orm);
        const c = await signIn(limited, user);
        const s = await newSeries(limited.orm);
        const statuses: number[] = [];
        for (let n = 1; n <= 4; n++) {
          statuses.push(
            (await declare(limited, c, declareBody(s.id, 'images', images(), { chapterNumber: n }))).status,
          );
        }
        expect(statuses).toEqual([201, 201, 201, 429]);
        const refused = await declare(
          limited,
          c,
          declareBody(s.id, 'images', images(), { chapterNumber: 9 }),
        );
        expect(refused.body.message).toBe(INGEST_MESSAGES.tooManyUploads);
      } finally {
        await limited.close();
      }
    });
  });

  describe('sending files', () => {
    async function declared(files = images()): Promise<string> {
      const res = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', files, { chapterNumber: nextNumber() }),
      );
      expect(res.status).toBe(201);
      return (res.body as ChapterUploadResponse).upload.id;
    }
    const originals = (id: string) => join(t.config.ingest.dir, id, 'originals');

    it('stores the bytes durably and marks the file received', async () => {
      const id = await declared();
      const res = await putFile(t, cookie, id, 1, pages[1]!);
      expect(res.status).toBe(200);
      expect((res.body as UploadFileResponse).file).toEqual({
        index: 1,
        name: '2.jpg',
        size: pages[1]!.length,
        received: true,
      });
      expect((await readFile(join(originals(id), '1'))).equals(pages[1]!)).toBe(true);
      const status = (await getStatus(t, cookie, id)).body as ChapterUploadResponse;
      expect(status.upload.files.map((f) => f.received)).toEqual([false, true]);
    });

    it('replaces a file sent again', async () => {
      const [a, b] = await jpegPages(2, { width: 100, height: 100 });
      const id = await declared([imageFile('1.jpg', a!)]);
      // Same declared size is required; pad b's JPEG with trailing bytes after its end marker.
      const replacement = Buffer.concat([b!, Buffer.alloc(Math.max(0, a!.length - b!.length))]).subarray(
        0,
        a!.length,
      );
      expect((await putFile(t, cookie, id, 0, a!)).status).toBe(200);
      expect((await putFile(t, cookie, id, 0, replacement)).status).toBe(200);
      expect((await readFile(join(originals(id), '0'))).equals(replacement)).toBe(true);
      expect(readdirSync(originals(id))).toEqual(['0']);
    });

    it('refuses more bytes than declared with 413, recording nothing', async () => {
      const id = await declared();
      const res = await putFile(t, cookie, id, 0, Buffer.concat([pages[0]!, Buffer.alloc(10)]));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(INGEST_MESSAGES.imageTooLarge);
      expect(existsSync(join(originals(id), '0'))).toBe(false);
      expect(((await getStatus(t, cookie, id)).body as ChapterUploadResponse).upload.files[0]!.received).toBe(
        false,
      );
    });

    it('stops reading a streamed body (no length) as soon as it passes the declared size', async () => {
      const id = await declared();
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${t.baseUrl}${routePath(INGEST_ROUTES.file, { id: id, index: 0 })}`,
          {
            method: 'PUT',
            headers: { Cookie: cookie, Origin: BROWSER_ORIGIN, 'Content-Type': 'application/octet-stream' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write(pages[0]!);
        req.write(Buffer.alloc(64 * 1024));
        req.end();
      });
      expect(status).toBe(413);
      expect(readdirSync(originals(id))).toEqual([]);
    });

    it('refuses fewer bytes than declared with 400', async () => {
      const id = await declared();
      const res = await putFile(t, cookie, id, 0, pages[0]!.subarray(0, 500));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INGEST_MESSAGES.sizeMismatch);
      expect(readdirSync(originals(id))).toEqual([]);
    });

    it('records nothing when the client goes away mid-file', async () => {
      const id = await declared();
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${t.baseUrl}${routePath(INGEST_ROUTES.file, { id: id, index: 0 })}`, {
          method: 'PUT',
          headers: {
            Cookie: cookie,
            Origin: BROWSER_ORIGIN,
            'Content-Type': 'application/octet-stream',
            'Content-Length': String(pages[0]!.length),
          },
        });
        req.on('error', () => resolve());
        req.write(pages[0]!.subarray(0, 200), () => setTimeout(() => req.destroy(), 100));
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(((await getStatus(t, cookie, id)).body as ChapterUploadResponse).upload.files[0]!.received).toBe(
        false,
      );
      expect(readdirSync(originals(id))).toEqual([]);
    });

    it('checks the first bytes, whatever the name says', async () => {
      const fake = Buffer.from('<html><script>alert(1)</script></html>');
      const id = await declared([imageFile('1.jpg', fake)]);
      const res = await putFile(t, cookie, id, 0, fake);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INGEST_MESSAGES.imagesOnly);

      const zipDeclared = await declare(
        t,
        cookie,
        declareBody(series.id, 'zip', [zipFile(pages[0]!)], { chapterNumber: nextNumber() }),
      );
      const zipRes = await putFile(
        t,
        cookie,
        (zipDeclared.body as ChapterUploadResponse).upload.id,
        0,
        pages[0]!,
      );
      expect(zipRes.status).toBe(400);
      expect(zipRes.body.message).toBe(INGEST_MESSAGES.zipOnly);
    });

    it("answers 404 for someone else's upload, an unknown one, and a file not declared", async () => {
      const id = await declared();
      expect((await putFile(t, otherCookie, id, 0, pages[0]!)).status).toBe(404);
      expect((await putFile(t, cookie, randomUUID(), 0, pages[0]!)).status).toBe(404);
      expect((await putFile(t, cookie, 'not-an-id', 0, pages[0]!)).status).toBe(404);
      expect((await putFile(t, cookie, id, 7, pages[0]!)).status).toBe(404);
      expect(readdirSync(t.config.ingest.dir)).not.toContain('not-an-id');
    });
  });

  describe('committing', () => {
    it('refuses an upload whose files have not all arrived', async () => {
      const files = images();
      const res = await declare(
        t,
        cookie,
        declareBody(series.id, 'images', files, { chapterNumber: nextNumber() }),
      );
      const id = (res.body as ChapterUploadResponse).upload.id;
      await putFile(t, cookie, id, 0, files[0]!.bytes);
      const committed = await commit(t, cookie, id);
      expect(committed.status).toBe(400);
      expect(committed.body.errors.files).toEqual([INGEST_MESSAGES.incomplete]);
      expect((await uploadRecord(t, id))?.state).toBe('receiving');
    });

    it('queues a complete upload (202) with one job named by the upload id, and takes no more files', async () => {
      const id = await declareAndSend(t, cookie, series.id, 'images', images(), {
        chapterNumber: nextNumber(),
      });
      const committed = await commit(t, cookie, id);
      expect(committed.status).toBe(202);
      expect((committed.body as ChapterUploadResponse).upload.state).toBe('queued');
      expect((await uploadRecord(t, id))?.state).toBe('queued');
      // Waiting its turn, ordered by the uploader's place in the queue (fairness between uploaders).
      expect(await t.app.get(IngestQueue).jobState(id)).toBe('prioritized');

      const again = await commit(t, cookie, id);
      expect(again.status).toBe(409);
      const late = await putFile(t, cookie, id, 0, pages[0]!);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(INGEST_MESSAGES.notReceiving);
      expect((await retry(t, cookie, id)).body.message).toBe(INGEST_MESSAGES.notRetryable);
    });
  });

  describe('status and abandoning', () => {
    it('shows the status to its uploader and staff only', async () => {
      const id = await declareAndSend(t, cookie, series.id, 'images', images(), {
        chapterNumber: nextNumber(),
      });
      expect((await getStatus(t, cookie, id)).status).toBe(200);
      expect((await getStatus(t, moderatorCookie, id)).status).toBe(200);
      expect((await getStatus(t, otherCookie, id)).status).toBe(404);
      expect((await t.api().get(routePath(INGEST_ROUTES.upload, { id: id }))).status).toBe(401);
    });

    it('deletes an unfinished upload with its files; not someone else', async () => {
      const id = await declareAndSend(t, cookie, series.id, 'images', images(), {
        chapterNumber: nextNumber(),
      });
      const del = (c: string) =>
        t
          .api()
          .delete(routePath(INGEST_ROUTES.remove, { id: id }))
          .set('Origin', BROWSER_ORIGIN)
          .set('Cookie', c);
      expect((await del(otherCookie)).status).toBe(404);
      expect((await del(cookie)).status).toBe(200);
      expect(await uploadRecord(t, id)).toBeNull();
      expect(existsSync(join(t.config.ingest.dir, id))).toBe(false);
      expect((await del(cookie)).status).toBe(404);
    });

    it('purges uploads left receiving for a day, with their files, and keeps fresh ones', async () => {
      const stale = await declareAndSend(t, cookie, series.id, 'images', images(), {
        chapterNumber: nextNumber(),
      });
      const fresh = await declareAndSend(t, cookie, series.id, 'images', images(), {
        chapterNumber: nextNumber(),
      });
      await t.orm.em
        .fork()
        .getConnection()
        .execute(`update chapter_upload set updated_at = now() - interval '25 hours' where id = ?`, [stale]);
      // A chapter file whose import job was lost, and one still waiting for the worker.
      const importFiles = new ChapterImportFiles(t.config);
      const [lostImport, waitingImport] = [randomUUID(), randomUUID()];
      await importFiles.save(lostImport, Buffer.from('نص'));
      await importFiles.save(waitingImport, Buffer.from('نص'));
      const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
      await utimes(importFiles.path(lostImport), dayAgo, dayAgo);
      const purger = new AbandonedUploadsService(
        t.app.get(IngestRepository),
        t.app.get(IngestWorkspace),
        importFiles,
        t.config,
      );
      const purged = await purger.purge();
      expect(existsSync(importFiles.path(lostImport))).toBe(false);
      expect(existsSync(importFiles.path(waitingImport))).toBe(true);
      expect(purged).toBeGreaterThanOrEqual(1);
      expect(await uploadRecord(t, stale)).toBeNull();
      expect(existsSync(join(t.config.ingest.dir, stale))).toBe(false);
      expect((await uploadRecord(t, fresh))?.state).toBe('receiving');
      expect(existsSync(join(t.config.ingest.dir, fresh, 'originals', '0'))).toBe(true);
    });
  });
});
