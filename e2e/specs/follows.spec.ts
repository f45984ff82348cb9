import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle, uploadPendingChapter } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge, type Site } from '../fixtures/stack';

const SERIES = 'حارس المكتبة';
const DAWN = `فريق الفجر ${Date.now().toString(36)}`;
const NIGHT = `فريق الليل ${Date.now().toString(36)}`;

async function signedIn(browser: Browser, site: Site, account: { username: string; password: string }) {
  const context = await browser.newContext({ locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  const page = await context.newPage();
  await logInThroughPage(page, site, account);
  return { page, close: () => context.close() };
}

/** The moderator approves a chapter through the moderation API with their own session. */
async function approve(moderator: Page, chapterId: number) {
  const status = await moderator.evaluate(async (id) => {
    const response = await fetch(`/api/content/${id}/approve?contentType=chapter`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, chapterId);
  expect(status).toBe(200);
}

test('a follower who hid a group hears of one new chapter live, finds it in /updates, and reading it marks it read', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const series = await seriesByTitle(request, SERIES);
  const uploader = await signedIn(browser, 'manga', DEMO.reader);
  const moderator = await signedIn(browser, 'dashboard', DEMO.moderator);

  // An approved chapter of the night group, so the series credits that group before anyone follows.
  const earlier = await uploadPendingChapter(uploader.page, series.id, freshChapterNumber(), {
    translationGroup: NIGHT,
  });
  await approve(moderator.page, earlier.chapterId);

  // A new reader follows the series and hides the night group from the series page.
  const account = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manga', account);
  await page.goto(edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`));
  const follow = page.getByTestId('follow-series');
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'تفضيلات الفرق' }).click();
  const dialog = page.getByRole('dialog', { name: 'فرق الترجمة في هذا العمل' });
  await dialog.getByRole('combobox', { name: NIGHT }).selectOption('hidden');
  await shoot(page, 'follows-groups-dialog');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم حفظ تفضيلات الفرق').first()).toBeVisible();

  // The reader waits on /updates; two chapters arrive, one of them by the hidden group.
  await page.goto(edge.url('manga', '/updates'));
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', 'الإشعارات');
  const dawnNumber = freshChapterNumber();
  const dawn = await uploadPendingChapter(uploader.page, series.id, dawnNumber, { translationGroup: DAWN });
  const night = await uploadPendingChapter(uploader.page, series.id, freshChapterNumber(), {
    translationGroup: NIGHT,
  });
  await approve(moderator.page, dawn.chapterId);
  await approve(moderator.page, night.chapterId);

  // Live, without a reload: one unread notification, and the feed shows the dawn chapter only.
  await expect(bell).toHaveAttribute('aria-label', 'الإشعارات: إشعار واحد غير مقروء', { timeout: 15_000 });
  const dawnLink = page.locator(`a[href*="variant=${dawn.chapterId}"]`);
  await expect(dawnLink).toBeVisible();
  await expect(page.locator(`a[href*="variant=${night.chapterId}"]`)).toHaveCount(0);
  await expect(page.locator(`a[href*="variant=${earlier.chapterId}"]`)).toHaveCount(0);
  const entry = page.getByTestId('updates-series').filter({ has: dawnLink });
  await expect(entry.getByTestId('updates-read-state').first()).toHaveText('جديد');
  await shoot(page, 'follows-updates');

  // Reading it marks it read (the reader saves progress a moment after the chapter opens).
  await dawnLink.click();
  await page.waitForURL(/variant=/);
  await page.waitForResponse((response) => response.url().includes('/api/content/progress') && response.ok());
  await page.goto(edge.url('manga', '/updates'));
  const readEntry = page.locator('li', { has: page.locator(`a[href*="variant=${dawn.chapterId}"]`) }).last();
  await expect(readEntry.getByTestId('updates-read-state')).toHaveText('مقروء');

  // Only the dawn chapter reached the notifications page.
  await page.goto(edge.url('manga', '/notifications?tab=chapter'));
  await expect(
    page.getByText(
      `صدر الفصل ${new Intl.NumberFormat('ar-SA-u-nu-arab', { useGrouping: false }).format(dawnNumber)} من «${SERIES}» (${DAWN}).`,
    ),
  ).toBeVisible();
  await expect(page.getByText('صدر الفصل')).toHaveCount(1);

  await uploader.close();
  await moderator.close();
});

test('/random shows an approved manga and draws another; the reading-list shelf is kept', async ({
  page,
  request,
}) => {
  await page.goto(edge.url('manga', '/random'));
  const card = page.getByTestId('random-series');
  await expect(card.getByRole('link').first()).toHaveAttribute('href', /\/series\/manga\//);
  await shoot(page, 'follows-random');
  await page.getByTestId('random-again').click();
  await expect(page.getByTestId('random-series')).toBeVisible();

  const series = await seriesByTitle(request, SERIES);
  const account = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manga', account);
  await page.goto(edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`));
  const shelf = page.getByTestId('series-shelf');
  await expect(shelf).toBeEnabled();
  await shelf.selectOption('plan');
  await expect(page.getByText('تم تحديث قائمة القراءة').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('series-shelf')).toHaveValue('plan');
  await shoot(page, 'follows-series-page');
});
