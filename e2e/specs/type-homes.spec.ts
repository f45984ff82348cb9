import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

type TypeSite = 'manga' | 'manhua' | 'manhwa' | 'novel';

/** The titles of one type's feed, as the platform answers it (the home must show exactly these). */
async function feedTitles(request: APIRequestContext, type: TypeSite): Promise<string[]> {
  const response = await request.get(`http://127.0.0.1:${edge.port}/api/content/popular-new?type=${type}`, {
    headers: { host: edge.host('manga') },
  });
  expect(response.status(), await response.text()).toBe(200);
  const feed = (await response.json()) as Record<'data' | 'seasonal' | 'recent', { title: string }[]>;
  return [...feed.data, ...feed.seasonal, ...feed.recent].map((series) => series.title);
}

/** The series titles the home's grids show. */
async function gridTitles(page: Page): Promise<string[]> {
  const grids = page.locator(
    'section[aria-labelledby="popular-new"], section[aria-labelledby="seasonal"], section[aria-labelledby="recent"]',
  );
  return grids.getByRole('heading', { level: 3 }).allInnerTexts();
}

/**
 * Opens a type's home (`url`) and returns its grids' titles once they are exactly its feed's. The home
 * is a stored page, up to 5 s old, and the feed is live: a series another test has just added can be
 * in one and not yet in the other, so the two are read again until they agree (or the poll fails
 * naming the titles only one of them has).
 */
async function homeShowingFeed(
  page: Page,
  request: APIRequestContext,
  type: TypeSite,
  url: string,
): Promise<string[]> {
  let shown: string[] = [];
  await expect
    .poll(
      async () => {
        await page.goto(url);
        shown = await gridTitles(page);
        const feed = new Set(await feedTitles(request, type));
        const onPage = new Set(shown);
        return [...onPage, ...feed].filter((title) => !onPage.has(title) || !feed.has(title));
      },
      { timeout: 20_000, intervals: [1_000, 2_000] },
    )
    .toEqual([]);
  return shown;
}

test('the manhwa, manhua and novel sites each open on a home of their own type', async ({
  page,
  request,
}) => {
  const manga = new Set(await feedTitles(request, 'manga'));

  // Manhwa: its own series (a «زهرة» among them), its name in the sidebar and the title.
  const manhwaShown = await homeShowingFeed(page, request, 'manhwa', edge.url('manhwa', '/'));
  await expect(page).toHaveTitle(/مانهوا ورّاق/);
  await expect(page.getByRole('navigation', { name: 'قائمة المانهوا' })).toBeAttached();
  expect(manhwaShown.some((title) => title.includes('زهرة'))).toBe(true);
  expect(manhwaShown.filter((title) => manga.has(title))).toEqual([]);
  await shoot(page, 'home-manhwa');

  // Manhua, through its landing route on the main host.
  const manhuaShown = await homeShowingFeed(page, request, 'manhua', edge.url('main', '/manhua'));
  await expect(page).toHaveTitle(/مانها ورّاق/);
  await expect(page.getByRole('navigation', { name: 'قائمة المانها' })).toBeAttached();
  expect(manhuaShown.length).toBeGreaterThan(0);
  expect(manhuaShown.filter((title) => manhwaShown.includes(title) || manga.has(title))).toEqual([]);
  await shoot(page, 'home-manhua');

  // Novels: the latest-updates block lists novel chapters; a card opens the series page.
  const novelShown = await homeShowingFeed(page, request, 'novel', edge.url('novel', '/'));
  await expect(page).toHaveTitle(/روايات ورّاق/);
  await expect(page.getByRole('navigation', { name: 'الروايات' })).toBeAttached();
  expect(novelShown.length).toBeGreaterThan(0);
  await expect(page.locator('section[aria-labelledby="latest-updates"] li').first()).toBeVisible();
  await shoot(page, 'home-novel');
  const card = page.locator('section[aria-labelledby="recent"]').getByRole('heading', { level: 3 }).first();
  const opened = await card.innerText();
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(opened);
});
