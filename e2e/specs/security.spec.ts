import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { DEMO, edge, type Site } from '../fixtures/stack';

const SITES: Site[] = ['main', 'manga', 'novel', 'dashboard', 'admin'];

/** Node cannot resolve *.localhost: connect to the edge on loopback and name the host. */
function viaEdge(host: string, path: string) {
  return { url: `http://127.0.0.1:${edge.port}${path}`, headers: { host } };
}

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect([what, headers['x-content-type-options']]).toEqual([what, 'nosniff']);
  expect([what, headers['referrer-policy']]).toEqual([what, 'strict-origin-when-cross-origin']);
  expect([what, headers['x-frame-options']]).toEqual([what, 'DENY']);
  expect([what, headers['server'] ?? '']).not.toEqual([what, expect.stringMatching(/\d/)]);
  // A redirect has no document to protect; every answer with a body says what it may do.
  if (response.status() >= 300 && response.status() < 400) return;
  expect([what, headers['content-security-policy'] ?? '']).toEqual([
    what,
    expect.stringContaining("frame-ancestors 'none'"),
  ]);
}

test('every site answers its pages with a strict CSP and the security headers, through the edge', async ({
  request,
}) => {
  for (const site of SITES) {
    for (const path of ['/', '/login', '/no-such-page-e2e']) {
      const { url, headers } = viaEdge(edge.host(site), path);
      const response = await request.get(url, { headers, maxRedirects: 0 });
      const what = `${site} ${path} (${response.status()})`;
      expectCommonHeaders(response, what);
      if (response.status() !== 200 && response.status() !== 404) continue;
      expect([what, response.headers()['content-type']]).toEqual([
        what,
        expect.stringContaining('text/html'),
      ]);
      // A page carries its script policy in a <meta> before anything else of its head; the header
      // holds what a meta cannot (frame-ancestors), and may repeat more. Browsers enforce both, so
      // neither may allow inline scripts.
      const header = response.headers()['content-security-policy'] ?? '';
      const html = await response.text();
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
      const meta =
        /^<meta charset="utf-8"><meta http-equiv="content-security-policy" content="([^"]*)">/.exec(
          head,
        )?.[1] ?? '';
      const metaPolicy = meta.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
      expect([what, metaPolicy]).not.toEqual([what, '']);
      expect([what, metaPolicy]).not.toContain('frame-ancestors');
      for (const policy of [header, metaPolicy]) {
        const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
        expect([what, scriptSrc]).not.toEqual([what, expect.stringContaining('unsafe-inline')]);
        expect([what, /default-src ([^;]*)/.exec(policy)?.[1] ?? '']).not.toEqual([
          what,
          expect.stringContaining('unsafe-inline'),
        ]);
      }
      // Scripts from this origin only: no page writes an inline script (lib/astro/islands.ts brings
      // Astro's island element and directives as a file), so no hash lets any inline text run.
      for (const policy of [header, metaPolicy]) {
        const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1];
        if (policy === header && scriptSrc === undefined) continue;
        expect([what, scriptSrc?.trim()]).toEqual([what, "'self'"]);
      }
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
        ([, attributes]) => !/\ssrc=/.test(attributes!),
      );
      expect([what, inlineScripts.map(([tag]) => tag)]).toEqual([what, []]);
      for (const policy of [header, metaPolicy]) {
        expect([what, policy]).toEqual([what, expect.stringContaining("object-src 'none'")]);
        expect([what, policy]).toEqual([what, expect.stringContaining("base-uri 'self'")]);
      }
      // Images only from here (and a configured media host): no third party learns who reads what.
      const imgSrc = /img-src ([^;]*)/.exec(metaPolicy)?.[1] ?? '';
      expect([what, imgSrc.trim()]).toEqual([what, "'self' data: blob:"]);
    }
  }
});

test('the API and /media answer with the security headers and a CSP that allows nothing, through the edge', async ({
  request,
}) => {
  const media = `/media/${'e'.repeat(64)}.webp`;
  for (const [host, path] of [
    [edge.host('manga'), '/api/system/ping'],
    [edge.host('manga'), '/api/auth/profile'],
    [edge.host('manga'), media],
    [edge.host('main'), media],
    [`cdn.${edge.baseDomain}:${edge.port}`, media],
    [`cdn.${edge.baseDomain}:${edge.port}`, '/'],
  ] as const) {
    const { url, headers } = viaEdge(host, path);
    const response = await request.get(url, { headers, maxRedirects: 0 });
    const what = `${host} ${path} (${response.status()})`;
    expectCommonHeaders(response, what);
    expect([what, response.headers()['content-security-policy']]).toEqual([
      what,
      expect.stringContaining("default-src 'none'"),
    ]);
  }
});

test('a signed-in reader sent to /login with a disguised off-site redirect stays on our site', async ({
  page,
}) => {
  await logInThroughPage(page, 'manga', DEMO.reader);
  for (const disguised of ['/%09/evil.test', '/%09%5Cevil.test', '/%5C%5Cevil.test', '//evil.test']) {
    for (const loginPath of ['/login', '/auth/login', '/login_ALGOO']) {
      await page.goto(edge.url('manga', `${loginPath}?redirect=${disguised}`));
      const landed = new URL(page.url());
      expect([loginPath, disguised, landed.host]).toEqual([loginPath, disguised, edge.host('manga')]);
    }
  }
  // A path of our own is still honoured.
  await page.goto(edge.url('manga', `/login?redirect=${encodeURIComponent('/series/manga')}`));
  expect(new URL(page.url()).pathname).toBe('/series/manga');
});

/** Collects the CSP refusals Chromium reports on the console. */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(`${page.url()}: ${message.text()}`);
  });
  return refusals;
}

test('the CSP refuses nothing the pages and their islands need, for a guest and for an admin', async ({
  page,
}) => {
  const refusals = cspRefusals(page);
  const visit = async (site: Site, path: string) => {
    await page.goto(edge.url(site, path));
    await page.waitForLoadState('networkidle');
  };
  for (const [site, path] of [
    ['main', '/'],
    ['manga', '/'],
    ['manga', '/series/manga'],
    ['manga', '/login'],
    ['novel', '/'],
  ] as const) {
    await visit(site, path);
  }
  // An island hydrated under the CSP: the login form reports a wrong password in Arabic.
  await page.goto(edge.url('manga', '/login'));
  await page.getByLabel('اسم المستخدم').fill('nobody_e2e_csp');
  await page.getByLabel('كلمة المرور').fill('wrong-password-1');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByText('اسم المستخدم أو كلمة المرور غير صحيحة').first()).toBeVisible();

  await logInThroughPage(page, 'manga', DEMO.admin);
  for (const [site, path] of [
    ['manga', '/'],
    ['dashboard', '/dashboard'],
    ['dashboard', '/content'],
    ['admin', '/admin'],
    ['admin', '/services'],
  ] as const) {
    await visit(site, path);
  }
  // The theme set before first paint by the external boot script.
  expect(await page.locator('html').getAttribute('data-theme')).toMatch(/^(light|dark)$/);
  expect(refusals).toEqual([]);
});

test('an injected inline script is refused on a page served from the edge store, and the islands still hydrate', async ({
  page,
  request,
}) => {
  const seriesPath = '/series/manga';
  // A copy from the edge's page store: the page's own <meta> policy is all that guards its scripts.
  await expect
    .poll(
      async () =>
        (
          await request.get(`http://127.0.0.1:${edge.port}${seriesPath}`, {
            headers: { host: edge.host('manga') },
          })
        ).headers()['x-cache'],
    )
    .toBe('FILE');
  const refusals = cspRefusals(page);
  const answer = await page.goto(edge.url('manga', seriesPath));
  expect(answer?.headers()['x-cache']).toBe('FILE');
  // The layout's own scripts ran (theme set before paint, the page state asked for and laid over).
  expect(await page.locator('html').getAttribute('data-theme')).toMatch(/^(light|dark)$/);
  await expect(page.locator('html[data-page-state="ready"]')).toHaveCount(1);
  // What an injected script would be: inline (the page's policy allows none).
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "ran";';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return document.documentElement.dataset.injected ?? 'refused';
  });
  expect(ran).toBe('refused');
  expect(refusals.join('\n')).toMatch(/script/i);
});
