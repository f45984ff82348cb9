import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi, type Account } from '../fixtures/accounts';
import { seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge, type Site } from '../fixtures/stack';

// A reading site's home and list pages, a series page, its further chapter groups and a chapter
// (images or text) are public documents: one cached HTML for guests and signed-in readers, the reader's part fetched after it
// shows (site/src/lib/site/public-documents.ts).
const SERIES_TITLE = 'الأكاديمية';
const NOVEL_TITLE = 'ظل الصحراء';
/**
 * Served from the edge's copy: a stored file of this second (FILE), or the cache it is made from
 * (STALE: past its freshness while one request refreshes it in the background; a query string's).
 */
const FROM_CACHE = ['FILE', 'HIT', 'STALE'];

async function seriesPaths(request: APIRequestContext) {
  const { slug } = await seriesByTitle(request, SERIES_TITLE);
  const series = `/series/manga/${encodeURIComponent(slug)}`;
  const novel = await seriesByTitle(request, NOVEL_TITLE, 'novel');
  return {
    series,
    chapter: `${series}/1`,
    // The series page's further chapter groups, as its list fetches them.
    chapterGroups: `/chapter-groups/${encodeURIComponent(slug)}?before=5`,
    novelChapter: `/novel/${encodeURIComponent(novel.slug)}/chapter/1`,
  };
}

/** A page through the edge, as one site (Node cannot resolve *.localhost: loopback + Host). */
function getPage(request: APIRequestContext, path: string, cookie?: string, site: Site = 'manga') {
  return request.get(`http://127.0.0.1:${edge.port}${path}`, {
    headers: { host: edge.host(site), ...(cookie ? { cookie } : {}) },
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
  const pages: [Site, string][] = [
    ['manga', paths.series],
    ['manga', paths.chapter],
    ['manga', paths.chapterGroups],
    // Each site's home and list pages, the search, and the novel reader.
    ['manga', '/'],
    ['manga', '/latest'],
    ['manga', '/series/manga'],
    ['manga', '/manga/popular'],
    ['manga', '/manga/category/action'],
    ['manga', `/search?q=${encodeURIComponent(SERIES_TITLE)}`],
    ['manhwa', '/'],
    ['manhwa', '/manhwa/browse'],
    ['manhua', '/manhua/completed'],
    ['novel', '/'],
    ['novel', '/novel/trending'],
    ['novel', paths.novelChapter],
    // The main landing and the localhost-style home of a type.
    ['main', '/'],
    ['main', '/manhwa'],
  ];
  for (const [site, path] of pages) {
    const where = `${site} ${path}`;
    // A guest's request makes the edge's copy; the reader's is served the same one. A stored copy
    // lasts its second, so a pair that straddles two seconds is asked again.
    let forGuest = await getPage(guest, path, undefined, site);
    let forReader = forGuest;
    await expect
      .poll(async () => {
        forGuest = await getPage(guest, path, undefined, site);
        forReader = await getPage(guest, path, cookie, site);
        const copy = forReader.headers()['x-cache'] ?? '';
        return FROM_CACHE.includes(copy) && forGuest.headers()['x-cache'] === copy;
      })
      .toBe(true);
    expect([where, forGuest.status(), forReader.status()]).toEqual([where, 200, 200]);
    const guestHtml = await forGuest.text();
    const readerHtml = await forReader.text();
    // Byte for byte the same document: no name, no token, no state of the reader's in it.
    expect([where, readerHtml === guestHtml]).toEqual([where, true]);
    expect([where, readerHtml.includes(account.username)]).toEqual([where, false]);
    expect([where, /csrf/i.test(readerHtml)]).toEqual([where, false]);
    expect([where, forReader.headers()['set-cookie']]).toEqual([where, undefined]);
    expect([where, forReader.headers()['x-warraq-personal']]).toEqual([where, undefined]);
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

  // The home and a list page: the greeting, and the add cards only a signed-in reader is offered.
  const home = await page.goto(edge.url('manga', '/'));
  await personalised(page);
  expect(FROM_CACHE).toContain(home?.headers()['x-cache']);
  await expect(greeting).toHaveText(`مرحبًا، ${account.username}`);
  await expect(page.getByRole('link', { name: /أضف مانجا جديدة/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'إنشاء حساب' })).toHaveCount(0);
  await shoot(page, 'public-home-signed-in');
  await page.goto(edge.url('manhwa', '/manhwa/popular'));
  await personalised(page);
  await expect(greeting).toBeVisible();
  await shoot(page, 'public-list-signed-in');

  // The main landing: their name in its header and its call to action, no dashboard for a reader.
  await page.goto(edge.url('main', '/'));
  await personalised(page);
  await expect(page.getByRole('banner')).toContainText(account.username);
  await expect(page.getByText(`أهلًا بعودتك، ${account.username}. تابع قراءتك من حيث توقفت.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'إلى المانجا' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'لوحة التحكم' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  await shoot(page, 'public-landing-signed-in');
});

test('a guest of the cached home and landing is offered to sign up, not to add works', async ({ page }) => {
  // The reader's islands (greeting and bell, logout, toasts) are never loaded for a guest: no React.
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(edge.url('manga', '/'));
  await personalised(page);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((path) => /\/_astro\/(client|react|ViewerStatus|LogoutButton|Toaster)\./.test(path)),
  ).toEqual([]);
  await expect(page.getByRole('link', { name: /أضف مانجا جديدة/ })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
  await expect(page.getByTestId('viewer-greeting')).toHaveCount(0);
  await page.goto(edge.url('main', '/'));
  await personalised(page);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((path) => /\/_astro\/(client|react|ViewerStatus|LogoutButton|Toaster)\./.test(path)),
  ).toEqual([]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByText(/أنشئ حسابًا مجانيًا/)).toBeVisible();
  await shoot(page, 'public-landing-guest');
  // In the document for every reader, shown to none here.
  await expect(page.getByText(/أهلًا بعودتك/).filter({ visible: true })).toHaveCount(0);
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
  // On the cached landing, staff are offered the dashboard.
  await page.goto(edge.url('main', '/'));
  await personalised(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();
  await expect(page.getByText(/تابع من لوحة التحكم/)).toBeVisible();
});

test('the page-state call through the edge: a reader gets their own, a forged or malformed ask gets nothing of anyone', async ({
  playwright,
  request,
}) => {
  const guest = await playwright.request.newContext();
  const account = await registerViaApi(guest, 'manga');
  const cookie = await sessionCookie(guest, account);
  const { id: contentId } = await seriesByTitle(request, SERIES_TITLE);
  const state = (query: string, headers: Record<string, string> = {}) =>
    request.get(`http://127.0.0.1:${edge.port}/api/me/page-state${query}`, {
      headers: { host: edge.host('manga'), ...headers },
    });

  const own = await state(`?contentId=${contentId}`, { cookie });
  expect(own.status()).toBe(200);
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect((await own.json()).viewer.username).toBe(account.username);

  // A malformed query from a signed-in reader: the platform's 400 with the field, as JSON.
  const malformed = await state('?contentId=abc&chapterId=-1', { cookie });
  expect(malformed.status()).toBe(400);
  expect(Object.keys((await malformed.json()).errors).sort()).toEqual(['chapterId', 'contentId']);

  // What a browser or an attacker may claim beside a session: a forged cookie, a user-id header or
  // cookie, a bogus bearer token. None of them names anyone.
  const forgeries: Record<string, string>[] = [
    { cookie: 'warraq_sid=' + 'a'.repeat(64) },
    { cookie: 'user_id=1; warraq_user=1', 'x-user-id': '1' },
    { authorization: 'Bearer not-a-token' },
  ];
  for (const headers of forgeries) {
    const forged = await state(`?contentId=${contentId}`, headers);
    expect(forged.status(), JSON.stringify(headers)).toBe(200);
    expect((await forged.json()).viewer, JSON.stringify(headers)).toBeNull();
  }
  await guest.dispose();
});
