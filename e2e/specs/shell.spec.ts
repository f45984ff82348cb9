import { expect, test } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { edge } from '../fixtures/stack';

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

  const account = await registerViaApi(request);
  await logInThroughPage(page, 'main', account);
  await page.goto(edge.url('main', '/'));
  await expect(main.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' })).toBeVisible();
});

test('an unknown route answers the 404 page with a router hint; manga-only routes are 404 elsewhere', async ({
  page,
}) => {
  const response = await page.goto(edge.url('novel', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '٤٠٤ — الصفحة غير موجودة' })).toBeVisible();
  await expect(page.getByText('/no-such-page')).toBeVisible();
  expect((await page.goto(edge.url('novel', '/follows')))?.status()).toBe(404);
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
