import {
  COVER_UPLOAD,
  INGEST_MESSAGES,
  INGEST_ROUTES,
  NOVEL_CHAPTER_MESSAGES,
  routePath,
} from '@warraq/contracts';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBody } from '../src/common/filters/api-exception.filter';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import {
  EDGE_BASE_DOMAIN,
  type Edge,
  type EdgeAnswer,
  edgeRequest,
  freePort,
  jsonOf,
  rawRequest,
  sendBody,
  type SendOptions,
  startEdge,
} from './edge-helpers';
import { newSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { declare, declareBody } from './ingest-helpers';
import { createTestApp, type TestApp } from './test-app';

const MiB = 1024 * 1024;
const MODES = ['fixed', 'chunked'] as const;
/** A refusal that races the body used to turn into nginx's 502 in 4–8 tries of 10. */
const TRIES = 10;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The platform's one error shape, with its Arabic message, as JSON: never an nginx page. */
const answerOf = (answer: EdgeAnswer) => ({
  status: answer.status,
  type: answer.headers['content-type'],
  body: jsonOf(answer),
});

function expectJsonError(answer: EdgeAnswer, status: number, message: string): void {
  expect(answerOf(answer)).toEqual({
    status,
    type: expect.stringMatching(/^application\/json/) as unknown,
    body: expect.objectContaining({ success: false, statusCode: status, message }) as unknown,
  });
}

/**
 * Finding 1 of the reliability issue: every refusal a client can trigger — by the platform or by the
 * edge's own limits — reaches the client through the edge as the platform's JSON error with its
 * Arabic message, for bodies of every size, streamed (chunked) or fixed-length.
 */
describe('the edge: refusals arrive as the platform JSON error', () => {
  let t: TestApp;
  let edge: Edge;
  let dataDir: string;
  let cookie: string;
  let seriesId: number;
  const host = () => `manga.${EDGE_BASE_DOMAIN}:${edge.port}`;
  const send = (options: Omit<SendOptions, 'host'>) =>
    sendBody(edge.port, {
      ...options,
      host: host(),
      headers: { origin: BROWSER_ORIGIN, cookie, ...options.headers },
    });

  /** A declared upload (receiving) whose file 0 is `size` bytes under `name` and `type`. */
  async function declaredUpload(method: 'images' | 'zip', name: string, type: string, size: number) {
    const body = declareBody(seriesId, method, [{ name, type, bytes: Buffer.alloc(0) }]);
    body.files = [{ name, type, size }];
    body.chapterNumber = Math.floor(Math.random() * 1e6) / 100;
    const res = await declare(t, cookie, body);
    if (res.status !== 201) throw new Error(`declare: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { upload: { id: string } }).upload.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { WARRAQ_INGEST_MAX_OPEN_UPLOADS: '20' } });
    cookie = await signIn(t, await newUser(t.orm));
    seriesId = (await newSeries(t.orm)).id;
    dataDir = await mkdtemp(join(tmpdir(), 'warraq-edge-'));
    await chmod(dataDir, 0o755);
    edge = await startEdge(dataDir, [t.port], await freePort());
  });
  afterAll(async () => {
    await edge?.stop();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe.each(MODES)('%s-length bodies', (mode) => {
    it(`an honest 9 MiB file that is not an image: 400 every time (${TRIES} tries)`, async () => {
      const id = await declaredUpload('images', 'page.jpg', 'image/jpeg', 9 * MiB);
      for (let i = 0; i < TRIES; i++) {
        const answer = await send({
          method: 'PUT',
          path: routePath(INGEST_ROUTES.file, { id, index: 0 }),
          size: 9 * MiB,
          mode,
        });
        expectJsonError(answer, 400, INGEST_MESSAGES.imagesOnly);
      }
    });

    it(`more bytes than declared: 413 every time (${TRIES} tries)`, async () => {
      const id = await declaredUpload('images', 'page.jpg', 'image/jpeg', MiB);
      for (let i = 0; i < TRIES; i++) {
        const answer = await send({
          method: 'PUT',
          path: routePath(INGEST_ROUTES.file, { id, index: 0 }),
          size: 9 * MiB,
          head: JPEG_HEAD,
          mode,
        });
        expectJsonError(answer, 413, INGEST_MESSAGES.imageTooLarge);
      }
    });

    it('refusals decided before the body is read (signed out, foreign origin, not yours, no such upload): the platform answer, every time', async () => {
      const id = await declaredUpload('images', 'page.jpg', 'image/jpeg', 9 * MiB);
      const strangerCookie = await signIn(t, await newUser(t.orm));
      const path = routePath(INGEST_ROUTES.file, { id, index: 0 });
      const cases: { what: string; path: string; headers: Record<string, string> }[] = [
        { what: 'signed out', path, headers: { cookie: '' } },
        { what: 'foreign origin', path, headers: { origin: 'https://evil.example' } },
        { what: 'not yours', path, headers: { cookie: strangerCookie } },
        {
          what: 'no such upload',
          path: routePath(INGEST_ROUTES.file, { id: '00000000-0000-4000-8000-000000000000', index: 0 }),
          headers: {},
        },
      ];
      for (const refusal of cases) {
        // What the platform itself answers to the same request with a tiny body.
        const direct = await t
          .api()
          .put(refusal.path)
          .set({
            origin: BROWSER_ORIGIN,
            cookie,
            ...refusal.headers,
            'content-type': 'application/octet-stream',
          })
          .send(JPEG_HEAD);
        expect({ what: refusal.what, client: direct.status >= 400 && direct.status < 500 }).toEqual({
          what: refusal.what,
          client: true,
        });
        for (let i = 0; i < TRIES / 2; i++) {
          const answer = await send({
            method: 'PUT',
            path: refusal.path,
            headers: refusal.headers,
            size: 9 * MiB,
            head: JPEG_HEAD,
            mode,
          });
          expect({ what: refusal.what, ...answerOf(answer) }).toEqual({
            what: refusal.what,
            status: direct.status,
            type: expect.stringMatching(/^application\/json/) as unknown,
            body: direct.body as unknown,
          });
        }
      }
    }, 60_000);

    it('a zip past the edge limit (102 MiB): 413 with the zip message', async () => {
      const id = await declaredUpload('zip', 'chapter.zip', 'application/zip', 100 * MiB);
      const answer = await send({
        method: 'PUT',
        path: routePath(INGEST_ROUTES.file, { id, index: 0 }),
        size: 102 * MiB,
        head: Buffer.from('PK\x03\x04', 'latin1'),
        mode,
      });
      expectJsonError(answer, 413, INGEST_MESSAGES.zipTooLarge);
    }, 60_000);

    it('JSON bodies: over the platform limit and over the edge limit both answer 413 JSON', async () => {
      for (const size of [300 * 1024, 2 * MiB]) {
        const answer = await send({
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          size,
          head: Buffer.from('{"username":"'),
          mode,
        });
        expectJsonError(answer, 413, errorBody(413).message);
      }
    });

    it('novel chapters: text past the body limit and chapter files past theirs answer 413 JSON', async () => {
      // The edge and the platform share the 2 MiB limit: past it the edge answers (the platform's own
      // 413 for this route is in novel-chapters.int-spec.ts).
      for (const size of [2 * MiB + 1024, 3 * MiB]) {
        const answer = await send({
          method: 'POST',
          path: routePath(INGEST_ROUTES.createText),
          headers: { 'content-type': 'application/json' },
          size,
          head: Buffer.from('{"text":"'),
          mode,
        });
        expectJsonError(answer, 413, NOVEL_CHAPTER_MESSAGES.bodyTooLarge);
      }
      for (const size of [20 * MiB + 512 * 1024, 22 * MiB]) {
        const answer = await send({
          method: 'POST',
          path: `${routePath(INGEST_ROUTES.importFile)}?name=chapter.epub`,
          headers: { 'content-type': 'application/octet-stream' },
          size,
          mode,
        });
        expectJsonError(answer, 413, NOVEL_CHAPTER_MESSAGES.fileTooLarge);
      }
    });

    it('a body that is not JSON: 415 JSON', async () => {
      const answer = await send({
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        size: 64 * 1024,
        mode,
      });
      expectJsonError(answer, 415, errorBody(415).message);
    });

    it('covers: over the platform limit, over the edge limit, and not an image', async () => {
      for (const size of [10 * MiB + 512 * 1024, 12 * MiB]) {
        const answer = await send({
          method: 'POST',
          path: '/api/media/covers',
          headers: { 'content-type': 'image/png' },
          size,
          head: PNG_HEAD,
          mode,
        });
        expectJsonError(answer, 413, COVER_UPLOAD.tooLarge);
      }
      const notImage = await send({
        method: 'POST',
        path: '/api/media/covers',
        headers: { 'content-type': 'image/png' },
        size: 2 * MiB,
        mode,
      });
      expectJsonError(notImage, 400, errorBody(400).message);
    });
  });

  it('too many open uploads: 429 JSON through the edge', async () => {
    const busy = await newUser(t.orm);
    const busyCookie = await signIn(t, busy);
    let last: EdgeAnswer | null = null;
    for (let i = 0; i < 21; i++) {
      const body = JSON.stringify({
        ...declareBody(seriesId, 'zip', [{ name: 'c.zip', type: 'application/zip', bytes: Buffer.alloc(9) }]),
        chapterNumber: 5000 + i,
      });
      last = await sendBody(edge.port, {
        method: 'POST',
        host: host(),
        path: routePath(INGEST_ROUTES.declare),
        headers: { origin: BROWSER_ORIGIN, cookie: busyCookie, 'content-type': 'application/json' },
        size: Buffer.byteLength(body),
        head: Buffer.from(body),
        mode: 'fixed',
      });
    }
    expectJsonError(last!, 429, INGEST_MESSAGES.tooManyUploads);
  });

  it('requests refused before any handler (a URI too long, a malformed one, headers too large, a method nothing serves): Arabic, as JSON under /api/', async () => {
    const manga = `manga.${EDGE_BASE_DOMAIN}`;
    const long = 'a'.repeat(9000);
    const hugeCookie = { cookie: `x=${'a'.repeat(20_000)}` };
    // The URI was read: the API's own error shape.
    expectJsonError(
      await edgeRequest(edge.port, 'GET', manga, '/api/content', hugeCookie),
      400,
      errorBody(400).message,
    );
    // A method nginx never serves, and one the read-only folders refuse.
    expectJsonError(
      await edgeRequest(edge.port, 'TRACE', manga, '/api/content'),
      405,
      errorBody(405).message,
    );
    expectJsonError(
      await edgeRequest(edge.port, 'POST', manga, '/media/x.webp'),
      403,
      errorBody(403).message,
    );
    // What the platform's server refuses before Nest (a method Node's parser does not know) or
    // outside the API's prefix (the realtime path without an upgrade, the media folder without a
    // key): the API's shape too, never Node's empty 400 or Express's English page.
    expectJsonError(await edgeRequest(edge.port, 'FOO', manga, '/api/content'), 501, errorBody(501).message);
    const plainRealtime = await edgeRequest(edge.port, 'GET', manga, '/ws');
    expectJsonError(plainRealtime, 426, errorBody(426).message);
    expect(plainRealtime.headers.upgrade).toBe('websocket');
    expectJsonError(await edgeRequest(edge.port, 'GET', manga, '/media/'), 404, errorBody(404).message);
    const twoHosts = (path: string) =>
      rawRequest(edge.port, `GET ${path} HTTP/1.1\r\nHost: ${manga}\r\nHost: evil.example\r\n\r\n`);
    const jsonAnswer = await twoHosts('/api/content');
    expect(jsonAnswer.head).toMatch(
      /^HTTP\/1\.1 400 .*\r\nContent-Type: application\/json; charset=utf-8\r\n/s,
    );
    expect(JSON.parse(jsonAnswer.body)).toEqual(errorBody(400));
    const pageAnswer = await twoHosts('/series/manga/x');
    expect(pageAnswer.head).toMatch(/^HTTP\/1\.1 400 .*\r\nContent-Type: text\/html; charset=utf-8\r\n/s);
    expect(pageAnswer.body).toContain('<h1>طلب غير صالح</h1>');
    const pages: {
      method?: string;
      path: string;
      headers: Record<string, string>;
      status: number;
      heading: string;
    }[] = [
      { path: `/series/manga/${long}`, headers: {}, status: 414, heading: 'الرابط طويل جدًا' },
      // A request line past the buffer is never read, /api/ or not: the page.
      { path: `/api/content?q=${long}`, headers: {}, status: 414, heading: 'الرابط طويل جدًا' },
      { path: '/series/manga/%ZZ', headers: {}, status: 400, heading: 'طلب غير صالح' },
      { path: '/', headers: hugeCookie, status: 400, heading: 'ملفات تعريف الارتباط أكبر من المسموح' },
      { method: 'TRACE', path: '/', headers: {}, status: 405, heading: 'الطريقة غير مسموح بها' },
      { method: 'POST', path: '/_astro/x.js', headers: {}, status: 403, heading: 'الطريقة غير مسموح بها' },
      // The site takes no writes: a page asked with another method never reaches it (where Astro
      // would refuse a form from elsewhere in English, and Node an unknown method with an empty 400;
      // this edge has no site at all, so reaching it would be a 503). Without a stored copy (the
      // way to the site through @page_other), with a query string (through @public_document), with
      // a session, and on a page outside the stored documents.
      { method: 'POST', path: '/series/manga/x', headers: {}, status: 405, heading: 'الطريقة غير مسموح بها' },
      { method: 'POST', path: '/search?q=x', headers: {}, status: 405, heading: 'الطريقة غير مسموح بها' },
      {
        method: 'PUT',
        path: '/',
        headers: { cookie: 'warraq_sid=x' },
        status: 405,
        heading: 'الطريقة غير مسموح بها',
      },
      { method: 'FOO', path: '/login', headers: {}, status: 405, heading: 'الطريقة غير مسموح بها' },
      { method: 'DELETE', path: '/settings', headers: {}, status: 405, heading: 'الطريقة غير مسموح بها' },
    ];
    for (const { method = 'GET', path, headers, status, heading } of pages) {
      const answer = await edgeRequest(edge.port, method, manga, path, headers);
      const body = answer.body.toString('utf8');
      expect({
        path: `${method} ${path.slice(0, 40)}`,
        status: answer.status,
        type: answer.headers['content-type'],
        nosniff: answer.headers['x-content-type-options'],
        rtl: body.includes('<html lang="ar" dir="rtl">'),
        heading: /<h1>(.*?)<\/h1>/.exec(body)?.[1],
        nginxPage: body.includes('<center>nginx</center>'),
      }).toEqual({
        path: `${method} ${path.slice(0, 40)}`,
        status,
        type: 'text/html; charset=utf-8',
        nosniff: 'nosniff',
        rtl: true,
        heading,
        nginxPage: false,
      });
    }
  });

  it('the platform down: API calls answer a JSON 503, pages an Arabic 503 page', async () => {
    const deadDir = await mkdtemp(join(tmpdir(), 'warraq-edge-'));
    await chmod(deadDir, 0o755);
    const dead = await startEdge(deadDir, [await freePort()], await freePort());
    try {
      for (const path of ['/api/system/ping', '/api/series?type=manga', '/media/x.webp']) {
        const answer = await edgeRequest(dead.port, 'GET', `manga.${EDGE_BASE_DOMAIN}`, path);
        expectJsonError(answer, 503, errorBody(503).message);
        expect(answer.headers['retry-after']).toBeDefined();
      }
      const page = await edgeRequest(dead.port, 'GET', `manga.${EDGE_BASE_DOMAIN}`, '/');
      expect(page.status).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body.toString()).toContain('dir="rtl"');
    } finally {
      await dead.stop();
      await rm(deadDir, { recursive: true, force: true });
    }
  });
});
