import { expect, test, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

test('every page is Arabic and right-to-left, with the site title and social tags of its subdomain', async ({
  page,
}) => {
  await page.goto(edge.url('manga', '/'));
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(/مانجا/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(Array.from(description ?? '').length).toBeGreaterThan(20);
  expect(Array.from(description ?? '').length).toBeLessThanOrEqual(160);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /مانجا/);
  await expect(page.getByText('© ٢٠٢٥', { exact: false })).toBeVisible();
});

/** Every control of the site header (brand, reading sites, account) sits on one line. */
async function expectHeaderOneRow(page: Page, view: string) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'ورّاق' })).toBeVisible();
  const middles = await banner.evaluate((header) =>
    [...header.querySelectorAll('a, button, summary')]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const box = element.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
  );
  // The brand, four reading sites and the account's menu at the least.
  expect(middles.length, view).toBeGreaterThanOrEqual(6);
  expect(Math.max(...middles) - Math.min(...middles), `${view}: the header takes one row`).toBeLessThan(8);
}

test('the header fits one row at 390 px for a guest, on every site', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [site, path] of [
    ['main', '/'],
    ['manga', '/login'],
    ['manhua', '/register'],
    ['manhwa', '/login'],
    ['novel', '/register'],
  ] as const) {
    await page.goto(edge.url(site, path));
    await expectHeaderOneRow(page, `${site}${path}`);
  }
  // The account's controls are one tap away: the menu opens on the theme, login and register.
  await page.getByRole('banner').locator('summary', { hasText: 'الدخول' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('group', { name: 'المظهر' })).toBeVisible();
  await shoot(page, 'header-menu-guest');
});

test('the landing page offers login and register to guests, and the dashboard once signed in', async ({
  page,
  request,
}) => {
  await page.goto(edge.url('main', '/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const blurb of ['مانجا وروايات', 'ألعاب', 'تطبيقات', 'مجتمع']) {
    await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' })).toHaveCount(0);

  // A plain reader is offered reading, never the dashboard (it would refuse them), on any site.
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'main', account);
  await page.goto(edge.url('main', '/'));
  await expect(main.getByRole('link', { name: 'إلى المانجا' })).toBeVisible();
  for (const site of ['main', 'novel'] as const) {
    await page.goto(edge.url(site, '/'));
    await expect(page.getByRole('link', { name: /لوحة التحكم/ })).toHaveCount(0);
  }
  // At 390 px the header is one row, signed in as for a guest (below), on every site.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [site, path] of [
    ['main', '/'],
    ['novel', '/account'],
  ] as const) {
    await page.goto(edge.url(site, path));
    await expectHeaderOneRow(page, `${site}${path} signed in`);
  }
  await page.goto(edge.url('main', '/'));
  await shoot(page, 'landing-signed-in');

  // Staff get the dashboard.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInThroughPage(page, 'main', DEMO.moderator);
  await page.goto(edge.url('main', '/'));
  await expect(main.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();
});

test('an unknown route answers the 404 page with a router hint; manga-only routes are 404 elsewhere', async ({
  page,
}) => {
  const response = await page.goto(edge.url('novel', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '٤٠٤ — الصفحة غير موجودة' })).toBeVisible();
  await expect(page.getByText('/no-such-page')).toBeVisible();
  // The reader's own lists (/follows, /library, /recent) are on every reading site now; the
  // notifications page stays the manga site's (spec §2).
  expect((await page.goto(edge.url('novel', '/notifications')))?.status()).toBe(404);
});

test('the 404 page of a reading site keeps its layout and the reader signed in', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'manga', account);
  const response = await page.goto(edge.url('manga', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '٤٠٤ — الصفحة غير موجودة' })).toBeVisible();
  // The manga site's own header and sidebar, the reader's greeting, no login offered.
  await expect(page.getByRole('searchbox', { name: 'ابحث في كل الأعمال' })).toBeVisible();
  await expect(page.getByText(`مرحبًا، ${account.username}`).filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  await shoot(page, 'not-found-signed-in');
});

test('the site can be named by ?subdomain= and, on localhost, by the first path segment', async ({
  page,
}) => {
  await page.goto(`http://localhost:${edge.port}/novel/register`);
  await expect(page.getByRole('heading', { name: 'انضم إلى قرّاء الروايات' })).toBeVisible();
  await page.goto(edge.url('main', '/register?subdomain=manga'));
  await expect(page.getByRole('heading', { name: 'انضم إلى قرّاء المانجا' })).toBeVisible();
});

test('the system theme follows the operating system, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(edge.url('main', '/'));
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('a session made through one platform replica works through the other', async ({
  playwright,
  request,
}) => {
  test.skip(edge.platformPorts.length < 2, 'needs two platform replicas');
  const account = await registerViaApi(request);
  const [first, second] = edge.platformPorts;
  const host = edge.host('manga');
  const viaFirst = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${first}`,
    extraHTTPHeaders: { host },
  });
  const login = await viaFirst.post('/api/auth/login', {
    headers: { origin: `http://${host}` },
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  // The cookie is for the base domain, not 127.0.0.1, so it is read from the answer itself.
  const sid = /warraq_sid=([^;]+)/.exec(login.headers()['set-cookie'] ?? '')?.[1];
  expect(sid).toBeTruthy();

  const viaSecond = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${second}`,
    extraHTTPHeaders: { host, cookie: `warraq_sid=${sid}` },
  });
  const profile = await viaSecond.get('/api/auth/profile');
  expect(profile.status()).toBe(200);
  expect((await profile.json()).user.username).toBe(account.username);

  await viaFirst.post('/api/auth/logout', {
    headers: { origin: `http://${host}`, cookie: `warraq_sid=${sid}` },
  });
  expect((await viaSecond.get('/api/auth/profile')).status()).toBe(401);
  await Promise.all([viaFirst.dispose(), viaSecond.dispose()]);
});
