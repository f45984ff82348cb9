import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge, type Site } from '../fixtures/stack';

const MANHWA = 'زهرة القصر';

interface Found {
  slug: string;
  title: string;
  type: string;
}

/** A seeded series of any type, found through the catalogue search. */
async function findSeries(request: APIRequestContext, title: string): Promise<Found> {
  const response = await request.get(
    `http://127.0.0.1:${edge.port}/api/content/search?q=${encodeURIComponent(title)}`,
    { headers: { host: edge.host('manga') } },
  );
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: Found[] };
  const series = body.data.find((item) => item.title === title);
  if (!series) throw new Error(`the demo series ${title} is not in the catalogue`);
  return series;
}

/** A page of a site through the edge, its redirect not followed (the API client resolves no *.localhost). */
function getUnfollowed(request: APIRequestContext, site: Site, path: string) {
  return request.get(`http://127.0.0.1:${edge.port}${path}`, {
    headers: { host: edge.host(site) },
    maxRedirects: 0,
  });
}

/** The titles a list page shows on its cards. */
async function cardTypesOnPage(request: APIRequestContext, type: string, page: number): Promise<string[]> {
  const response = await request.get(
    `http://127.0.0.1:${edge.port}/api/content?type=${type}&limit=10&page=${page}`,
    { headers: { host: edge.host('manga') } },
  );
  const body = (await response.json()) as { data: { title: string }[] };
  return body.data.map((series) => series.title);
}

test('the manhwa site browses its own series over two pages, and a category page', async ({
  page,
  request,
}) => {
  await page.goto(edge.url('manhwa', '/'));
  await page
    .locator('section[aria-labelledby="popular-new"]')
    .getByRole('link', { name: /المزيد/ })
    .click();
  await expect(page).toHaveURL(/\/manhwa\/browse$/);
  await expect(page).toHaveTitle(/قائمة المانهوا/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تصفّح المانهوا');
  const cards = page.locator('[data-list-results] h3');
  expect(await cards.allInnerTexts()).toEqual(await cardTypesOnPage(request, 'manhwa', 1));
  await shoot(page, 'manhwa-browse');

  // The second page (keyset link) holds the rest, still only manhwa.
  await page
    .locator('[data-pager]')
    .getByRole('link', { name: /التالي/ })
    .click();
  await expect(page).toHaveURL(/page=2/);
  const second = await cards.allInnerTexts();
  expect(second.length).toBeGreaterThan(0);
  expect(second).toEqual(await cardTypesOnPage(request, 'manhwa', 2));

  // Spec §2 /manhwa/category/romance: the romance manhwa, the palace flower among them.
  await page.goto(edge.url('manhwa', '/manhwa/category/romance'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تصنيف رومانسي — المانهوا');
  await expect(cards.filter({ hasText: MANHWA })).toHaveCount(1);
  await shoot(page, 'manhwa-category');

  // The novel site's completed and latest pages, and an unknown category, answer as pages.
  await page.goto(edge.url('novel', '/novel/completed'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأعمال المكتملة — الروايات');
  await expect(page.getByRole('navigation', { name: 'الروايات' })).toBeAttached();
  await shoot(page, 'novel-completed');
  await page.goto(edge.url('manhua', '/manhua/latest'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('آخر التحديثات — المانها');
  await shoot(page, 'manhua-latest');
  const unknown = await page.goto(edge.url('manhwa', '/manhwa/category/cooking'));
  expect(unknown?.status()).toBe(404);
});

test('the header search of the manga site finds a manhwa, with a count per type', async ({ page }) => {
  await page.goto(edge.url('manga', '/'));
  await page.getByRole('searchbox', { name: 'ابحث في كل الأعمال' }).fill('زهره');
  await page.getByRole('button', { name: 'بحث' }).first().click();
  await expect(page).toHaveURL(/\/search\?q=/);
  const facets = page.locator('[data-search-facets]');
  // This site's type comes first after «all».
  await expect(facets.locator('a').nth(1)).toHaveAttribute('data-facet', 'manga');
  const manhwaFacet = facets.locator('[data-facet="manhwa"]');
  await expect(manhwaFacet).toContainText(/[1-9١-٩]/);
  await expect(page.locator('[data-search-results]').getByRole('heading', { name: MANHWA })).toBeVisible();
  await shoot(page, 'search-manga-site');

  await manhwaFacet.click();
  await expect(page).toHaveURL(/type=manhwa/);
  const results = page.locator('[data-search-results] article');
  await expect(results.first()).toContainText('مانهوا');
  expect(await results.filter({ hasNotText: 'مانهوا' }).count()).toBe(0);

  // The result opens on the manhwa site, at its canonical URL.
  await page.locator('[data-search-results]').getByRole('link').filter({ hasText: MANHWA }).click();
  await expect(page).toHaveURL(new RegExp(`^http://${edge.host('manhwa').replace('.', '\\.')}/manhwa/`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MANHWA);
  await expect(page.getByRole('navigation', { name: 'قائمة المانهوا' })).toBeAttached();
  await shoot(page, 'manhwa-series');
});

test('a series opened under another site answers 301 to its own site, keeping chapter and query', async ({
  page,
  request,
}) => {
  const manhwa = await findSeries(request, MANHWA);
  expect(manhwa.type).toBe('manhwa');
  const slug = encodeURIComponent(manhwa.slug);
  const canonical = `http://${edge.host('manhwa')}/manhwa/${slug}`;

  const direct = await getUnfollowed(request, 'manga', `/series/manga/${slug}?tab=comments`);
  expect(direct.status()).toBe(301);
  expect(direct.headers()['location']).toBe(`${canonical}?tab=comments`);

  const chapter = await getUnfollowed(request, 'manga', `/series/manga/${slug}/1?page=3`);
  expect(chapter.status()).toBe(301);
  expect(chapter.headers()['location']).toBe(`${canonical}/chapter/1?page=3`);

  // Under the wrong type's path on its own site too, and /novel/{id}/details is the series page.
  const wrongType = await getUnfollowed(request, 'manhwa', `/novel/${slug}`);
  expect(wrongType.status()).toBe(301);
  expect(wrongType.headers()['location']).toBe(`/manhwa/${slug}`);
  const details = await getUnfollowed(request, 'manhwa', `/manhwa/${slug}/details`);
  expect(details.status()).toBe(301);
  expect(details.headers()['location']).toBe(`/manhwa/${slug}`);

  // Spec §2 /read/{mangaSlug}/{id}: the older reader link lands on the same canonical chapter.
  const read = await getUnfollowed(request, 'manga', `/read/${slug}/1`);
  expect(read.status()).toBe(301);
  expect(read.headers()['location']).toBe(`${canonical}/chapter/1`);

  // The browser follows it to the reader on the manhwa site.
  await page.goto(edge.url('manga', `/series/manga/${slug}/1`));
  await expect(page).toHaveURL(`${canonical}/chapter/1`);
  await expect(page.getByRole('navigation', { name: 'قائمة المانهوا' })).toBeAttached();
  await expect(page.locator('img[data-reader-page]').first()).toBeVisible();
  await shoot(page, 'manhwa-reader');
});

test('the add-work form opened from the manhwa site is a manhwa from Korea', async ({ page }) => {
  await logInThroughPage(page, 'manhwa', DEMO.reader);
  await page.goto(edge.url('manhwa', '/'));
  await page
    .getByRole('main')
    .getByRole('link', { name: /أضف مانهوا/ })
    .click();
  await expect(page).toHaveURL(/\/create\/manga\?.*type=manhwa/);
  await expect(page.getByLabel('نوع العمل')).toHaveValue('manhwa');
  await expect(page.getByLabel('بلد المنشأ')).toHaveValue('korea');
  // A manhua offers only China.
  await page.getByLabel('نوع العمل').selectOption('manhua');
  await expect(page.getByLabel('بلد المنشأ')).toHaveValue('china');
  await expect(page.getByLabel('بلد المنشأ').locator('option')).toHaveCount(1);
  await shoot(page, 'create-work-manhua');
});
