import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi, type Account } from '../fixtures/accounts';
import { seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

// A series page and a chapter are public documents: one cached HTML for guests and signed-in
// readers, the reader's part fetched after it shows (site/src/lib/site/public-documents.ts).
const SERIES_TITLE = 'الأكاديمية';
/** Served from the edge's copy (STALE: past its 4 s while one request refreshes it in the background). */
const FROM_CACHE = ['HIT', 'STALE'];

async function seriesPaths(request: APIRequestContext) {
  const { slug } = await seriesByTitle(request, SERIES_TITLE);
  const series = `/series/manga/${encodeURIComponent(slug)}`;
  return { series, chapter: `${series}/1` };
}

/** A page through the edge, as the manga site (Node cannot resolve *.localhost: loopback + Host). */
function getPage(request: APIRequestContext, path: string, cookie?: string) {
  return request.get(`http://127.0.0.1:${edge.port}${path}`, {
    headers: { host: edge.host('manga'), ...(cookie ? { cookie } : {}) },
    maxRedirects: 0,
  });
}

/** Signs in through the API the way the login page does; returns the session cookie. */
async function sessionCookie(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post(`http://127.0.0.1:${edge.port}/api/auth/login`, {
    headers: { host: edge.host('manga'), origin: `http://${edge.host('manga')}` },
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const sid = /warraq_sid=[^;]+/.exec(response.headers()['set-cookie'] ?? '')?.[0];
  expect(sid).toBeTruthy();
  return sid!;
}

/** Waits until the page state has made the public document the reader's own. */
async function personalised(page: Page) {
  await expect(page.locator('html[data-page-state="ready"]')).toHaveCount(1);
}

test('a signed-in reader is served the very HTML a guest is, from the edge cache, with nothing of theirs in it', async ({
  playwright,
}) => {
  const guest = await playwright.request.newContext();
  const account = await registerViaApi(guest, 'manga');
  const cookie = await sessionCookie(guest, account);
  const paths = await seriesPaths(guest);
  for (const path of [paths.series, paths.chapter]) {
    await getPage(guest, path);
    const forGuest = await getPage(guest, path);
    const forReader = await getPage(guest, path, cookie);
    expect([path, forGuest.status(), forReader.status()]).toEqual([path, 200, 200]);
    expect([path, forReader.headers()['x-cache']]).toEqual([path, 'HIT']);
    const guestHtml = await forGuest.text();
    const readerHtml = await forReader.text();
    // Byte for byte the same document: no name, no token, no state of the reader's in it.
    expect([path, readerHtml === guestHtml]).toEqual([path, true]);
    expect([path, readerHtml.includes(account.username)]).toEqual([path, false]);
    expect([path, /csrf/i.test(readerHtml)]).toEqual([path, false]);
    expect([path, forReader.headers()['set-cookie']]).toEqual([path, undefined]);
    expect([path, forReader.headers()['x-warraq-personal']]).toEqual([path, undefined]);
  }
  // The reader's part is one call; a guest's is answered by the edge itself.
  const state = await guest.get(`http://127.0.0.1:${edge.port}/api/me/page-state`, {
    headers: { host: edge.host('manga'), cookie },
  });
  expect(state.status()).toBe(200);
  expect(state.headers()['cache-control']).toBe('private, no-store');
  expect((await state.json()).viewer.username).toBe(account.username);
  const guestState = await guest.get(`http://127.0.0.1:${edge.port}/api/me/page-state`, {
    headers: { host: edge.host('manga') },
  });
  expect(await guestState.json()).toEqual({ success: true, viewer: null, unread: 0, series: null });
  await guest.dispose();
});

test('on the cached pages a reader still sees their greeting, bell, favourite, follow and like', async ({
  page,
  request,
}) => {
  const account: Account = await registerViaApi(request, 'manga');
  const paths = await seriesPaths(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInThroughPage(page, 'manga', account);

  await page.goto(edge.url('manga', paths.series));
  await personalised(page);
  const greeting = page.getByTestId('viewer-greeting');
  await expect(greeting).toHaveText(`مرحبًا، ${account.username}`);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'إنشاء حساب' })).toBeHidden();
  await page.getByRole('button', { name: 'أضف إلى المفضلة' }).click();
  await expect(page.getByRole('button', { name: 'في المفضلة' })).toBeVisible();
  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  await expect(page.getByRole('button', { name: 'متابَع' }).first()).toBeVisible();

  // Reloaded: the same cached document (HIT), the reader's state laid over it after it shows.
  const again = await page.reload();
  expect(FROM_CACHE).toContain(again?.headers()['x-cache']);
  await personalised(page);
  await expect(greeting).toBeVisible();
  await expect(page.getByRole('button', { name: 'في المفضلة' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'متابَع' }).first()).toBeVisible();
  await shoot(page, 'public-series-signed-in');

  await page.goto(edge.url('manga', paths.chapter));
  await personalised(page);
  await page.getByRole('button', { name: 'أعجبني', exact: true }).click();
  await expect(page.getByRole('button', { name: 'أُعجبت به' })).toHaveAttribute('aria-pressed', 'true');
  const chapter = await page.reload();
  expect(FROM_CACHE).toContain(chapter?.headers()['x-cache']);
  await personalised(page);
  await expect(page.getByRole('button', { name: 'أُعجبت به' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'أدوات المشرف' })).toHaveCount(0);
  await shoot(page, 'public-chapter-signed-in');
});

test('a moderator gets the moderator buttons on a cached chapter; a guest does not', async ({
  page,
  request,
}) => {
  const paths = await seriesPaths(request);
  await page.goto(edge.url('manga', paths.chapter));
  await personalised(page);
  await expect(page.getByRole('group', { name: 'أدوات المشرف' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
  await shoot(page, 'public-chapter-guest');

  await logInThroughPage(page, 'manga', DEMO.moderator);
  await page.goto(edge.url('manga', paths.chapter));
  await personalised(page);
  await expect(page.getByRole('group', { name: 'أدوات المشرف' })).toBeVisible();
});
