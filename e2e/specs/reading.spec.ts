import { expect, test, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';
import { MangaHeader } from '../pages/manga-header';
import { ReaderPage } from '../pages/reader-page';

const SERIES_TITLE = 'الأكاديمية';

/** From the manga home, the loose spelling finds the series; returns its page's URL. */
async function openSeriesBySearch(page: Page): Promise<string> {
  await page.goto(edge.url('manga', '/'));
  await new MangaHeader(page).search('الاكاديميه');
  await page.getByRole('main').getByRole('heading', { name: SERIES_TITLE, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: SERIES_TITLE })).toBeVisible();
  return page.url();
}

test('a signed-in reader in vertical mode opens the next chapter in it, without the page jumping', async ({
  browser,
  request,
}) => {
  const account = await registerViaApi(request, 'manga');
  const context = await browser.newContext({ locale: 'ar-SA' });
  const page = await context.newPage();
  await ReaderPage.trackLayoutShift(page);
  await logInThroughPage(page, 'manga', account);
  await openSeriesBySearch(page);
  await page.getByRole('link', { name: 'ابدأ القراءة' }).click();
  const reader = new ReaderPage(page);
  await reader.chooseMode('شريط عمودي');
  await reader.readVerticalChapter();

  // The next chapter is the cached public document, rendered in the default (paged) mode; the
  // reader's saved mode must be theirs from the island's first render, not from the page state's
  // answer (which switched the page after its first paint whenever it came later: 0.16 here).
  await reader.ready();
  await expect(reader.root()).toHaveAttribute('data-reading-mode', 'vertical');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await reader.layoutShift()).toBeLessThan(0.1);
  await context.close();
});

test('a reader finds a series by a loose Arabic query and reads two chapters with the keyboard in paged right-to-left and vertical modes', async ({
  page,
}) => {
  await ReaderPage.trackLayoutShift(page);
  const seriesUrl = await openSeriesBySearch(page);
  await page.getByRole('link', { name: 'ابدأ القراءة' }).click();
  const reader = new ReaderPage(page);
  await expect(reader.heading).toContainText('الفصل');

  // Paged right-to-left: ArrowLeft turns forward; past the last page it opens the next chapter.
  await reader.chooseMode('صفحات من اليمين لليسار');
  await expect(reader.root()).toHaveAttribute('data-reading-mode', 'paged-rtl');
  const first = reader.chapterInUrl();
  await reader.readPagedChapter('ArrowLeft');
  const second = reader.chapterInUrl();
  expect(Number(second)).toBeGreaterThan(Number(first));
  await expect(reader.pageCounter).toHaveText(/^صفحة ١ من [٠-٩]+$/);
  // Back to the first chapter with the reverse key from page 1.
  await reader.ready();
  await page.keyboard.press('ArrowRight');
  await page.waitForURL((url) => url.pathname.endsWith(`/${first}`));

  // Vertical strip: the mode is remembered, the whole chapter scrolls, ArrowLeft goes forward.
  await reader.chooseMode('شريط عمودي');
  await expect(reader.root()).toHaveAttribute('data-reading-mode', 'vertical');
  await reader.readVerticalChapter();
  expect(reader.chapterInUrl()).toBe(second);
  await expect(reader.root()).toHaveAttribute('data-reading-mode', 'vertical');
  await reader.ready();
  await page.keyboard.press('End');
  await expect(page.locator('img[data-reader-page]').last()).toBeInViewport();
  // Page boxes are reserved from their width and height: reading never makes the page jump.
  expect(await reader.layoutShift()).toBeLessThan(0.1);

  await page.getByRole('link', { name: 'العودة إلى العمل' }).click();
  await page.waitForURL(seriesUrl);
  await expect(page.getByRole('heading', { level: 1, name: SERIES_TITLE })).toBeVisible();
});

test("a guest's like asks them to log in, and the add-manga form sends guests to the login page", async ({
  page,
}) => {
  await openSeriesBySearch(page);
  await page.getByRole('link', { name: 'ابدأ القراءة' }).click();
  // A click before the island hydrates would do nothing: wait for it, as a reader's next click would.
  await new ReaderPage(page).ready();
  const like = page.getByRole('button', { name: 'أعجبني', exact: true });
  await like.click();
  await expect(page.getByText('يرجى تسجيل الدخول للإعجاب بالفصل').first()).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  await page.goto(edge.url('manga', '/create/manga'));
  await page.waitForURL(/\/auth\/login\?/);
  await expect(page.getByText('يرجى تسجيل الدخول', { exact: true }).first()).toBeVisible();
});

test('an unknown series answers 404 with the spec message', async ({ page }) => {
  const response = await page.goto(edge.url('manga', '/series/manga/no-such-series-e2e'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'مانجا غير موجودة' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'العودة إلى قائمة المانجا' })).toBeVisible();
});

test('reading screens at 390 px and 1280 px: home, list, series, reader', async ({ page }) => {
  await page.goto(edge.url('manga', '/'));
  await shoot(page, 'manga-home');
  await page.goto(edge.url('manga', '/series/manga'));
  await shoot(page, 'manga-list');
  await openSeriesBySearch(page);
  await shoot(page, 'manga-series');
  await page.getByRole('link', { name: 'ابدأ القراءة' }).click();
  await expect(page.locator('img[data-reader-page]').first()).toBeVisible();
  await shoot(page, 'manga-reader');
});
