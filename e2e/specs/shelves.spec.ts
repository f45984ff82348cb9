import { expect, test } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

const SERIES = 'مدرسة الطهاة';

test('a new reader reads a chapter: /recent shows it with its share read, /library on its shelf, and clearing history empties /recent', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const series = await seriesByTitle(request, SERIES);
  const account = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manga', account);

  // Empty lists say so in Arabic.
  await page.goto(edge.url('manga', '/recent'));
  await expect(page.getByTestId('history-list-empty')).toContainText('سجل قراءتك فارغ');
  await shoot(page, 'shelves-recent-empty');

  // Reading chapter 1 saves progress a moment after the chapter opens.
  await page.goto(edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}/1`));
  await page.waitForResponse((response) => response.url().includes('/api/content/progress') && response.ok());

  await page.goto(edge.url('manga', '/recent'));
  const entry = page.getByTestId('reading-entry').filter({ hasText: SERIES });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('وصلت إلى الفصل ١');
  await expect(entry.getByTestId('reading-percent')).toHaveText(/قرأت [٠-٩]+٪/);
  await expect(entry.getByRole('progressbar')).not.toHaveAttribute('value', '0');
  await shoot(page, 'shelves-recent');

  // Opening chapter 1 put the series on the "reading" shelf: /library lists it there and not elsewhere.
  await page.goto(edge.url('manga', '/library'));
  const shelved = page.getByTestId('reading-entry').filter({ hasText: SERIES });
  await expect(shelved).toContainText('أقرؤه الآن');
  await page.getByRole('button', { name: 'أكملته' }).click();
  await expect(page.getByTestId('shelf-list-empty')).toContainText('لا توجد أعمال في قائمة «أكملته»');
  await expect(page).toHaveURL(/shelf=completed/);
  await page.getByRole('button', { name: 'أقرؤه الآن' }).click();
  await expect(shelved).toBeVisible();
  await shoot(page, 'shelves-library');
  await page.getByRole('tab', { name: 'الأخيرة' }).click();
  await expect(page.getByTestId('reading-entry').filter({ hasText: SERIES })).toBeVisible();

  await page.goto(edge.url('manga', '/follows'));
  await expect(page.getByTestId('reading-entry').filter({ hasText: SERIES })).toBeVisible();
  await page.getByRole('tab', { name: 'أنوي قراءته' }).click();
  await expect(page.getByTestId('shelf-list-empty')).toContainText('أنوي قراءته');
  await shoot(page, 'shelves-follows');

  // Clear all, asked in the site's own dialog.
  await page.goto(edge.url('manga', '/recent'));
  await page.getByRole('button', { name: 'مسح السجل' }).click();
  const dialog = page.getByRole('dialog', { name: 'مسح سجل القراءة' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'shelves-recent-clear');
  await dialog.getByRole('button', { name: 'مسح السجل' }).click();
  await expect(page.getByTestId('history-list-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('history-list-empty')).toBeVisible();
  await expect(page.getByTestId('reading-entry')).toHaveCount(0);

  // Paused history: reading records nothing until it is resumed.
  await page.getByLabel('إيقاف السجل مؤقتًا').check();
  await expect(page.getByText('أُوقف سجل القراءة مؤقتًا').first()).toBeVisible();
  await page.goto(edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}/2`));
  await page.waitForResponse((response) => response.url().includes('/api/content/progress') && response.ok());
  await page.goto(edge.url('manga', '/recent'));
  await expect(page.getByLabel('إيقاف السجل مؤقتًا')).toBeChecked();
  await expect(page.getByTestId('history-list-empty')).toBeVisible();
});

test('the chapter list shows read markers and marks every chapter read up to one, or one unread', async ({
  page,
  request,
}) => {
  const series = await seriesByTitle(request, SERIES);
  const account = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manga', account);
  const seriesUrl = edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`);

  await page.goto(seriesUrl);
  const group = (n: number) =>
    page
      .locator('[data-chapter-group]')
      .filter({ has: page.locator(`[data-mark="up-to"][data-number="${n}"]`) });
  const readBadges = (n: number) => group(n).locator('[data-read-badge]:visible');
  await expect(group(2).getByRole('button', { name: 'مقروء حتى هنا' })).toBeVisible();
  await expect(page.locator('[data-read-badge]:visible')).toHaveCount(0);

  await group(2).getByRole('button', { name: 'مقروء حتى هنا' }).click();
  await expect(readBadges(2).first()).toHaveText('مقروء');
  await expect(readBadges(1).first()).toBeVisible();
  await expect(group(2).locator('[data-mark="toggle"]')).toHaveText('تعليم كغير مقروء');
  // Again: nothing changes.
  await group(2).getByRole('button', { name: 'مقروء حتى هنا' }).click();
  await expect(readBadges(2).first()).toBeVisible();

  await group(1).getByRole('button', { name: 'تعليم كغير مقروء' }).click();
  await expect(readBadges(1)).toHaveCount(0);
  await expect(group(1).locator('[data-mark="toggle"]')).toHaveText('تعليم كمقروء');

  // The markers are the reader's own, kept on the server.
  await page.reload();
  await expect(readBadges(2).first()).toBeVisible();
  await expect(readBadges(1)).toHaveCount(0);
  await shoot(page, 'shelves-chapter-markers');

  // A guest sees the same list without markers or their buttons, and is sent to log in from /library.
  await page.context().clearCookies();
  await page.goto(seriesUrl);
  await expect(page.locator('[data-chapter-group]').first()).toBeVisible();
  await expect(page.locator('[data-read-controls]:visible')).toHaveCount(0);
  await page.goto(edge.url('manga', '/library'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Flibrary/);
});

test('each reading site has its own /library, /follows and /recent, linked from its sidebar', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manhwa', account);
  await page.goto(edge.url('manhwa', '/'));
  await page.getByRole('link', { name: 'مكتبتي' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'مكتبتي' })).toBeVisible();
  await expect(page.getByText('أعمال المانهوا في قوائم قراءتك')).toBeVisible();
  await expect(page.getByTestId('shelf-list-empty')).toContainText('لا توجد أعمال في قوائم قراءتك بعد');
  await shoot(page, 'shelves-manhwa-library');
  await page.goto(edge.url('manhwa', '/follows'));
  await expect(page.getByRole('heading', { level: 1, name: 'متابعاتي' })).toBeVisible();
  await page.goto(edge.url('manhwa', '/recent'));
  await expect(page.getByRole('heading', { level: 1, name: 'سجل القراءة' })).toBeVisible();
});
