import fs from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle, uploadPendingChapter } from '../fixtures/catalogue';
import { DEMO, edge } from '../fixtures/stack';

// The edge loads brotli when nginx's module is on this machine (infra/scripts/lib/edge.mjs).
const HAS_BROTLI = fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so');
const MANGA = edge.host('manga');

/** Node cannot resolve *.localhost: connect to the edge on loopback and name the host. */
function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  return request.get(`http://127.0.0.1:${edge.port}${path}`, {
    headers: { host: MANGA, ...headers },
    maxRedirects: 0,
  });
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect([what, headers['x-content-type-options']]).toEqual([what, 'nosniff']);
  expect([what, headers['referrer-policy']]).toEqual([what, 'strict-origin-when-cross-origin']);
  expect([what, headers['x-frame-options']]).toEqual([what, 'DENY']);
}

/** The page's own built script and stylesheet, as the browser would fetch them. */
async function builtAssets(request: APIRequestContext) {
  const page = await get(request, '/', { 'accept-encoding': 'identity' });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
  expect(script, 'the manga home loads a built script').toBeTruthy();
  expect(style, 'the manga home loads a built stylesheet').toBeTruthy();
  return { script: script!, style: style! };
}

test('pages, scripts and stylesheets leave the edge compressed as the browser asks', async ({ request }) => {
  const { script, style } = await builtAssets(request);
  const encodings = HAS_BROTLI ? ['gzip', 'br'] : ['gzip'];
  for (const path of ['/', script, style]) {
    for (const encoding of encodings) {
      const response = await get(request, path, { 'accept-encoding': encoding });
      const what = `${path} (${encoding})`;
      expect([what, response.status()]).toEqual([what, 200]);
      expect([what, response.headers()['content-encoding']]).toEqual([what, encoding]);
      expect([what, response.headers()['vary'] ?? '']).toEqual([
        what,
        expect.stringMatching(/accept-encoding/i),
      ]);
      expectSecurityHeaders(response, what);
      // The body still arrives whole (Playwright decodes it): a real script, a real stylesheet.
      expect([what, (await response.body()).length > 1024]).toEqual([what, true]);
    }
    // A client that accepts no compression gets the plain bytes.
    const plain = await get(request, path, { 'accept-encoding': 'identity' });
    expect([path, plain.headers()['content-encoding']]).toEqual([path, undefined]);
    // ... and says once, not twice, that the answer depends on the encoding asked for.
    const varyEncoding = plain
      .headersArray()
      .filter(({ name, value }) => name.toLowerCase() === 'vary' && /accept-encoding/i.test(value));
    expect([path, varyEncoding.length]).toEqual([path, 1]);
  }
});

/** The body as the edge sends it, still compressed (Playwright's client would decode it). */
function sentBytes(path: string, encoding: string) {
  return new Promise<Buffer>((resolve, reject) => {
    const asked = http.get(
      { host: '127.0.0.1', port: edge.port, path, headers: { host: MANGA, 'accept-encoding': encoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    asked.on('error', reject);
  });
}

test("built files leave the edge at brotli's highest level: compressed once, kept a year", async ({
  request,
}) => {
  test.skip(!HAS_BROTLI, "this machine's nginx has no brotli module");
  const { script, style } = await builtAssets(request);
  for (const path of [script, style]) {
    const plain = await (await get(request, path, { 'accept-encoding': 'identity' })).body();
    const sent = await sentBytes(path, 'br');
    // Level 9 of the same brotli is the bar: level 11 comes in under it, the level pages get (5) over.
    const level9 = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
    expect([path, sent.length < level9]).toEqual([path, true]);
    // ... and it is the file: decoded, the very bytes the site built.
    expect([path, Buffer.compare(brotliDecompressSync(sent), plain)]).toEqual([path, 0]);
  }
});

test('hashed build files are immutable for browsers and kept by the edge for every reader', async ({
  request,
}) => {
  const { script, style } = await builtAssets(request);
  for (const path of [script, style]) {
    const first = await get(request, path, { 'accept-encoding': 'gzip' });
    expect([path, first.status()]).toEqual([path, 200]);
    expect([path, first.headers()['cache-control']]).toEqual([path, 'public, max-age=31536000, immutable']);
    expectSecurityHeaders(first, path);
    const second = await get(request, path, { 'accept-encoding': 'gzip' });
    expect([path, second.headers()['x-cache']]).toEqual([path, 'HIT']);
    // A signed-in reader's request (session cookie) is served the same stored copy: the file is
    // the same for everyone, unlike a page.
    const signedIn = await get(request, path, {
      'accept-encoding': 'gzip',
      cookie: 'warraq_sid=any-session',
    });
    expect([path, signedIn.headers()['x-cache']]).toEqual([path, 'HIT']);
    expect([path, signedIn.headers()['cache-control']]).toEqual([
      path,
      'public, max-age=31536000, immutable',
    ]);
  }
  // A name that was never built is no promise: not found, and not marked immutable.
  const missing = await get(request, '/_astro/never-built.e2e.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control'] ?? '').not.toContain('immutable');
  expectSecurityHeaders(missing, 'missing build file');
});

test('every file a reading page waits on before its first paint is kept a year by its name', async ({
  request,
}) => {
  const novel = await seriesByTitle(request, 'ظل الصحراء', 'novel');
  for (const [host, path] of [
    [MANGA, '/'],
    [edge.host('novel'), `/novel/${encodeURIComponent(novel.slug)}/chapter/1`],
  ] as const) {
    const page = await request.get(`http://127.0.0.1:${edge.port}${path}`, {
      headers: { host, 'accept-encoding': 'identity' },
    });
    expect([path, page.status()]).toEqual([path, 200]);
    const html = await page.text();
    // Blocking scripts (classic, not modules), stylesheets and preloads.
    const files = [
      ...[...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src!),
      ...[...html.matchAll(/<link[^>]*rel="(?:stylesheet|preload)"[^>]*>/g)].map(
        ([tag]) => /(?:href|imagesrcset)="([^" ]+)/.exec(tag)?.[1] ?? tag,
      ),
    ];
    // The boot script on every page (a text chapter's reading settings too): the only blocking script.
    expect([path, files.filter((file) => /\/_astro\/[\w-]+\.[\w-]+\.js$/.test(file))]).toEqual([
      path,
      [expect.stringMatching(/^\/_astro\/theme-boot\.[\w-]+\.js$/)],
    ]);
    for (const file of files) {
      const answer = await request.get(`http://127.0.0.1:${edge.port}${file}`, { headers: { host } });
      expect([file, answer.status()]).toEqual([file, 200]);
      expect([file, answer.headers()['cache-control']]).toEqual([
        file,
        'public, max-age=31536000, immutable',
      ]);
    }
  }
});

/** The page as each encoding class asks for it: what the browser takes, what it asks for, the encoding expected back. */
const CLASSES: [string, string | undefined][] = [
  [HAS_BROTLI ? 'gzip, deflate, br, zstd' : 'gzip, deflate', HAS_BROTLI ? 'br' : 'gzip'],
  ['gzip', 'gzip'],
  ['identity', undefined],
];

test('a public document is served from the edge store on the next request, with the headers the site sends, in every encoding', async ({
  request,
}) => {
  // A series page and one of its chapters (routes.conf's first location, ahead of the regex that
  // walks the slug), a list page, and a site's home, whose copies nginx's file handlers cannot serve
  // (a URI ending in "/") and the edge looks for by name.
  const series = await seriesByTitle(request, 'الأكاديمية');
  const seriesPath = `/series/manga/${encodeURIComponent(series.slug)}`;
  const chapterPath = `${seriesPath}/1`;
  for (const path of [seriesPath, chapterPath, '/series/manga', '/']) {
    await expectStoredInEveryEncoding(request, path);
  }
  // No page lives deeper under the series folder: the site's 404, asked again every time.
  for (let i = 0; i < 2; i++) {
    const deeper = await get(request, `${chapterPath}/extra`, { 'accept-encoding': 'gzip' });
    expect(deeper.status()).toBe(404);
    expect(deeper.headers()['x-cache']).not.toBe('FILE');
  }
  // A query string is never answered from a stored copy.
  const search = await get(request, '/series/manga?page=1', { 'accept-encoding': 'gzip' });
  expect(search.status()).toBe(200);
  expect(search.headers()['x-cache']).not.toBe('FILE');
});

async function expectStoredInEveryEncoding(request: APIRequestContext, path: string) {
  let plain: { title: string | undefined; length: number } | undefined;
  for (const [acceptEncoding, encoding] of CLASSES) {
    const what = `${path} (${acceptEncoding})`;
    // The first request of a second makes that second's copy; a later one is served it.
    let stored: APIResponse | undefined;
    await expect
      .poll(async () => {
        stored = await get(request, path, { 'accept-encoding': acceptEncoding });
        return stored.headers()['x-cache'];
      })
      .toBe('FILE');
    const headers = stored!.headers();
    expect([what, stored!.status()]).toEqual([what, 200]);
    expect([what, headers['content-type']]).toEqual([what, 'text/html; charset=utf-8']);
    expect([what, headers['content-encoding']]).toEqual([what, encoding]);
    expect([what, headers['vary'] ?? '']).toEqual([what, expect.stringMatching(/accept-encoding/i)]);
    expect([what, headers['cache-control']]).toEqual([
      what,
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    ]);
    // No validators: a copy's date and tag would name the second it was copied in, not a change of
    // the page (page-headers.conf), and the site's own answer carries none.
    expect([what, headers['last-modified'], headers['etag']]).toEqual([what, undefined, undefined]);
    // One encoding, once: nginx's own filters left the stored bytes alone.
    const encodings = stored!.headersArray().filter(({ name }) => name.toLowerCase() === 'content-encoding');
    expect([what, encodings.length]).toEqual([what, encoding ? 1 : 0]);
    expectSecurityHeaders(stored!, what);
    // The header policy holds what a <meta> cannot; the page's own policy (scripts from this origin
    // only) is the first thing of its head.
    expect([what, headers['content-security-policy']]).toEqual([
      what,
      "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    ]);
    const html = await stored!.text();
    expect([what, html]).toEqual([
      what,
      expect.stringMatching(
        /^<!DOCTYPE html><html[^>]*><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="[^"]*script-src 'self';/,
      ),
    ]);
    // The same document, whole, whatever the encoding (Playwright decodes the body). Each encoding's
    // copy is its own render, and a chapter's counts (views, likes, with their Arabic plural
    // forms) may have moved between them, so the length is held within a percent.
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    plain ??= { title, length: html.length };
    expect([what, title, html.trimEnd().endsWith('</html>')]).toEqual([what, plain.title, true]);
    expect([what, Math.abs(html.length - plain.length) <= plain.length / 100]).toEqual([what, true]);
  }
  // The copy of this second is there, and a write to its page is still refused in Arabic, whoever
  // sends it (the site takes no writes; infra/nginx/page-methods.conf), never answered with the copy.
  for (const headers of <Record<string, string>[]>[
    {},
    { origin: `http://${MANGA}`, 'content-type': 'application/x-www-form-urlencoded' },
  ]) {
    const write = await request.post(`http://127.0.0.1:${edge.port}${path}`, {
      headers: { host: MANGA, 'accept-encoding': 'gzip', ...headers },
      data: 'a=b',
      maxRedirects: 0,
    });
    const what = `POST ${path}`;
    expect([what, write.status(), write.headers()['x-cache']]).toEqual([what, 405, undefined]);
    expect([what, /<h1>(.*?)<\/h1>/.exec(await write.text())?.[1]]).toEqual([what, 'الطريقة غير مسموح بها']);
  }
}

test('a newly approved chapter shows on the stored series page within seconds, and never before its approval', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const series = await seriesByTitle(request, 'الأكاديمية');
  const seriesPath = `/series/manga/${encodeURIComponent(series.slug)}`;
  const signedIn = async (site: 'manga' | 'dashboard', account: { username: string; password: string }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logInThroughPage(page, site, account);
    return { page, close: () => context.close() };
  };
  const uploader = await signedIn('manga', DEMO.reader);
  const moderator = await signedIn('dashboard', DEMO.moderator);
  const number = freshChapterNumber();
  const chapter = await uploadPendingChapter(uploader.page, series.id, number);
  const linked = (html: string) => html.includes(`/${number}"`) || html.includes(`/${number}?`);
  // The uploader's signed-in visit renders the page for them (their pending chapter comes from the
  // page state); what the store holds stays a guest's page, without it.
  await uploader.page.goto(edge.url('manga', seriesPath));
  for (const [acceptEncoding] of CLASSES) {
    await expect
      .poll(
        async () =>
          (await get(request, seriesPath, { 'accept-encoding': acceptEncoding })).headers()['x-cache'],
      )
      .toBe('FILE');
    const stored = await get(request, seriesPath, { 'accept-encoding': acceptEncoding });
    expect([acceptEncoding, linked(await stored.text())]).toEqual([acceptEncoding, false]);
  }

  const status = await moderator.page.evaluate(async (id) => {
    const response = await fetch(`/api/content/${id}/approve?contentType=chapter`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, chapter.chapterId);
  expect(status).toBe(200);
  // Every class's copy links the chapter soon (the promise is 5 s; the deadline is generous for a
  // loaded machine), whatever served it.
  for (const [acceptEncoding] of CLASSES) {
    await expect
      .poll(
        async () =>
          linked(await (await get(request, seriesPath, { 'accept-encoding': acceptEncoding })).text()),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
  }
  await uploader.close();
  await moderator.close();
});
