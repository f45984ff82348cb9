import fs from 'node:fs';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { edge } from '../fixtures/stack';

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
