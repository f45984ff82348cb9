import { expect, test } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { commentOnSeries, seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

/** Texts no earlier run wrote, so a reused database cannot answer for this run. */
const stamp = () => Date.now().toString(36);

test('an admin posts an announcement and the rules; readers of each site find them, the newest comments and the totals', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `تحديث الموقع ${stamp()}`;
  const rules = `١. احترم القرّاء والمترجمين\n٢. لا حرق للأحداث دون تنبيه (${stamp()})`;

  await logInThroughPage(page, 'admin', DEMO.admin);
  await page.goto(edge.url('admin', '/admin/community'));
  await expect(page.getByRole('heading', { name: 'إدارة المجتمع' })).toBeVisible();
  await page.getByRole('button', { name: 'إعلان جديد' }).click();
  const dialog = page.getByRole('dialog', { name: 'نشر إعلان' });
  // Empty fields are refused on the spot, in Arabic.
  await dialog.getByRole('button', { name: 'إضافة' }).click();
  await expect(dialog.getByText('عنوان الإعلان مطلوب')).toBeVisible();
  await dialog.getByLabel('العنوان').fill(title);
  await dialog.getByLabel('النص').fill('أضفنا صفحة المجتمع.\nشاركونا آراءكم في التعليقات.');
  await dialog.getByLabel('تثبيت في أعلى الإعلانات').check();
  await dialog.getByRole('button', { name: 'إضافة' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('announcement-row').filter({ hasText: title })).toContainText('نعم');

  const rulesField = page.getByLabel('نص القواعد', { exact: false });
  await rulesField.fill(rules);
  await page.getByRole('button', { name: 'حفظ القواعد' }).click();
  await expect(page.getByRole('status').getByText('تم حفظ قواعد المجتمع').first()).toBeVisible();
  await shoot(page, 'admin-community');

  // A reader comments on a demo series, through the API the comment form uses.
  const series = await seriesByTitle(request, 'الأكاديمية');
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await logInThroughPage(readerPage, 'manga', DEMO.reader);
  const commentText = `تعليق للمجتمع ${stamp()}`;
  await commentOnSeries(readerPage, series.id, commentText);
  await reader.close();

  // A guest on the manga site: the newest comment first, linking to its series.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(edge.url('manga', '/community'));
  await expect(guestPage.getByRole('heading', { level: 1, name: 'مجتمع ورّاق' })).toBeVisible();
  await expect(guestPage.getByRole('link', { name: 'الأحدث' })).toHaveAttribute('aria-current', 'page');
  const newest = guestPage.getByTestId('community-comment').first();
  // Guests share the edge's copy of the page: kept 4 s, and after a long quiet spell the first visitor
  // still gets the old copy once while the edge fetches the new one. The comment shows on a reload.
  await expect(async () => {
    await guestPage.reload();
    await expect(newest).toContainText(commentText, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(newest.getByRole('link', { name: /الأكاديمية/ })).toHaveAttribute('href', /\/series\/manga\//);
  await shoot(guestPage, 'community-latest');

  await guestPage.getByRole('link', { name: 'الإعلانات' }).click();
  const announcement = guestPage.getByTestId('announcement').first();
  await expect(announcement).toContainText(title);
  await expect(announcement).toContainText('مثبّت');
  await expect(announcement).toContainText('شاركونا آراءكم');
  await shoot(guestPage, 'community-announcements');

  await guestPage.getByRole('link', { name: 'القواعد' }).click();
  await expect(guestPage.getByTestId('community-rules')).toHaveText(rules);

  await guestPage.getByRole('link', { name: 'الإحصائيات' }).click();
  const members = guestPage.locator('[data-stat="members"]');
  await expect(members).toHaveText(/^[٠-٩٬]+$/);
  await shoot(guestPage, 'community-stats');

  await guestPage.getByRole('link', { name: 'الأكثر تفاعلًا' }).click();
  await expect(guestPage.getByRole('heading', { name: 'أكثر التعليقات إعجابًا هذا الأسبوع' })).toBeVisible();
  await expect(guestPage.getByRole('heading', { name: 'الأكثر متابعة هذا الأسبوع' })).toBeVisible();

  // The following tab is the reader's own: a guest is asked to sign in, and the link comes back here.
  await guestPage.getByRole('link', { name: 'من تتابعهم' }).click();
  const prompt = guestPage.getByTestId('following-login');
  await expect(prompt).toContainText('سجّل الدخول لترى نشاط المستخدمين الذين تتابعهم');
  const signIn = prompt.getByRole('link', { name: 'تسجيل الدخول' });
  await expect(signIn).toHaveAttribute('href', /redirect=.*community.*following/);
  await shoot(guestPage, 'community-following-guest');

  // The novel site's community lists novels' comments only: the manga comment is not there.
  await guestPage.goto(edge.url('novel', '/community'));
  await expect(guestPage.getByRole('heading', { level: 1, name: 'مجتمع ورّاق' })).toBeVisible();
  await expect(guestPage.getByText(commentText)).toHaveCount(0);
  await guest.close();
});
