import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle, uploadPendingChapter } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';
import { ContentPage } from '../pages/content-page';
import { ReaderPage } from '../pages/reader-page';

const SERIES = 'سيف القمر الأخير';
const ARABIC_CHAPTER_NUMBER = new Intl.NumberFormat('ar-SA-u-nu-arab', {
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** The queue's name for a chapter: its series and number (as the moderation API writes it). */
function chapterTitle(series: string, chapterNumber: number): string {
  return `${series} — الفصل ${ARABIC_CHAPTER_NUMBER.format(chapterNumber)}`;
}

/** A figure in Arabic-Indic digits back to a number. */
function arabicToNumber(text: string): number {
  return Number(
    text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/\D/g, ''),
  );
}

/** A second signed-in person in their own browser context (own cookies, own socket). */
async function signedIn(
  browser: Browser,
  site: 'manga' | 'dashboard',
  account: { username: string; password: string },
) {
  const context = await browser.newContext({ locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  const page = await context.newPage();
  await logInThroughPage(page, site, account);
  return { page, close: () => context.close() };
}

/** The reader (the demo uploader) adds a one-page chapter; it waits for review. */
async function readerUploads(page: Page, seriesId: number) {
  const chapterNumber = freshChapterNumber();
  const chapter = await uploadPendingChapter(page, seriesId, chapterNumber);
  return { ...chapter, chapterNumber, title: chapterTitle(SERIES, chapterNumber) };
}

/** `page` logs in as the reader and uploads a pending chapter to the test series. */
async function readerWithPendingChapter(page: Page, request: APIRequestContext) {
  const series = await seriesByTitle(request, SERIES);
  await logInThroughPage(page, 'manga', DEMO.reader);
  const chapter = await readerUploads(page, series.id);
  return { series, chapter };
}

/** A staff member on /content in their own browser. */
async function contentAs(browser: Browser, account: { username: string; password: string }) {
  const session = await signedIn(browser, 'dashboard', account);
  const content = new ContentPage(session.page);
  await content.goto();
  return { ...session, content };
}

/** Opens a chapter in the reader and waits until it is ready. */
async function openChapter(page: Page, path: string) {
  await page.goto(edge.url('manga', path));
  await new ReaderPage(page).ready();
}

test('a moderator approves a reader’s pending chapter from /content, and guests can then read it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { series, chapter } = await readerWithPendingChapter(page, request);

  const moderator = await contentAs(browser, DEMO.moderator);
  const { content } = moderator;
  await expect(content.tab('طلبات معلقة')).toHaveAttribute('aria-selected', 'true');
  const pendingBefore = arabicToNumber((await content.pendingBadge.textContent()) ?? '');
  expect(pendingBefore).toBeGreaterThan(0);

  await content.search(SERIES);
  const row = content.row(chapter.title);
  await expect(row).toBeVisible();
  await expect(row).toContainText(DEMO.reader.username);
  await expect(row).toContainText('فصل');
  await expect(row).toContainText('مانجا');
  await expect(row).toContainText('معلق');
  // The created date in the Arabic (Saudi) locale.
  await expect(row.locator('time')).toHaveText(/[\u0660-\u0669]/);

  await content.act(chapter.title, 'قبول', { label: 'ملاحظات (اختياري)', value: 'الصفحات واضحة' });
  await expect(moderator.page.getByText('تم قبول المحتوى').first()).toBeVisible();
  await expect(moderator.page.getByText(`«${chapter.title}»`).first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(content.pendingBadge).toHaveText(new Intl.NumberFormat('ar-SA').format(pendingBefore - 1));

  // The approved tab has it now, with the search kept.
  await content.tab('المحتوى المقبول').click();
  await expect(moderator.page).toHaveURL(/tab=approved/);
  await expect(content.row(chapter.title)).toContainText('مقبول');
  await moderator.close();

  // A guest finds it in the series' chapter list (the edge keeps guest pages a few seconds).
  const guestContext = await browser.newContext({ locale: 'ar-SA' });
  const guest = await guestContext.newPage();
  const seriesUrl = edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`);
  await expect
    .poll(
      async () => {
        await guest.goto(seriesUrl);
        return guest.locator(`a[href*="variant=${chapter.chapterId}"]`).count();
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBeGreaterThan(0);
  const answer = await guest.goto(edge.url('manga', chapter.path));
  expect(answer?.status()).toBe(200);
  await guestContext.close();

  // The uploader was told, and marks that one notification read.
  await page.goto(edge.url('manga', '/notifications'));
  const item = page.getByRole('listitem').filter({ hasText: chapter.title });
  await expect(item).toContainText('تم قبول المحتوى');
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.getByRole('button', { name: 'تحديد كمقروء' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByRole('button', { name: 'تحديد كمقروء' })).toHaveCount(0);
});

test('a rejected chapter’s reason reaches its uploader on /notifications, live', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { chapter } = await readerWithPendingChapter(page, request);

  // The uploader has the notifications page open while the moderator decides.
  await page.goto(edge.url('manga', '/notifications'));
  await expect(page.getByRole('heading', { name: 'الإشعارات', level: 1 })).toBeVisible();
  await expect(page.getByTestId('unread-count')).toBeVisible();

  // Unique to this chapter, in the Arabic-Indic digits a moderator's Arabic keyboard types (the
  // reason is shown as written, on pages the Arabic interface spec reads for Western digits).
  const reason = `الصفحات غير مرتبة ${ARABIC_CHAPTER_NUMBER.format(chapter.chapterNumber)}`;
  const moderator = await contentAs(browser, DEMO.moderator);
  const { content } = moderator;
  await content.search(SERIES);
  await expect(content.row(chapter.title)).toBeVisible();
  await content.act(chapter.title, 'رفض', { label: 'سبب الرفض', value: reason });
  await expect(moderator.page.getByText('تم رفض المحتوى').first()).toBeVisible();
  await content.tab('المحتوى المرفوض').click();
  await expect(content.row(chapter.title)).toContainText(reason);
  await moderator.close();

  // The notification arrives without a reload, unread, naming the chapter and the reason.
  const item = page.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText('تم رفض المحتوى');
  await expect(item).toContainText(chapter.title);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('غير مقروء');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/^الإشعارات: .*غير مقروء/);

  // The system tab lists it too; the chapter tab does not.
  await page.getByRole('tab', { name: 'النظام' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reason })).toBeVisible();
  await page.getByRole('tab', { name: 'فصول جديدة' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  await page.getByRole('tab', { name: 'الكل' }).click();

  await shoot(page, 'notifications');

  await page.getByRole('button', { name: 'تحديد الكل كمقروء' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item).not.toContainText('غير مقروء');
  await expect(page.getByTestId('unread-count')).toHaveText('لا إشعارات غير مقروءة');
  await expect(bell).toHaveAccessibleName('الإشعارات');
  await expect(page.getByRole('button', { name: 'تحديد الكل كمقروء' })).toBeDisabled();
});

test('two moderators decide on one pending chapter: the second is told it changed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { chapter } = await readerWithPendingChapter(page, request);

  const first = await contentAs(browser, DEMO.moderator);
  const second = await contentAs(browser, DEMO.admin);
  const firstContent = first.content;
  const secondContent = second.content;
  await firstContent.search(SERIES);
  await secondContent.search(SERIES);
  await expect(secondContent.row(chapter.title)).toBeVisible();
  // The second opens the reject dialog on the pending row before the first approves.
  const reject = await secondContent.open(chapter.title, 'رفض');

  await firstContent.act(chapter.title, 'قبول');
  await expect(first.page.getByText('تم قبول المحتوى').first()).toBeVisible();

  await reject.getByRole('button', { name: 'رفض', exact: true }).click();
  await expect(second.page.getByText('حدث خطأ أثناء محاولة رفض المحتوى').first()).toBeVisible();
  await expect(second.page.getByText(/تغيّرت حالة هذا المحتوى|مقبول بالفعل/).first()).toBeVisible();
  // Its lists reload: the item has left the pending tab and sits in approved.
  await expect(secondContent.row(chapter.title)).toHaveCount(0);
  await secondContent.tab('المحتوى المقبول').click();
  await expect(secondContent.row(chapter.title)).toBeVisible();
  await first.close();
  await second.close();
});

test('the reader’s moderator buttons: reject needs a reason, accept removes the pending mark, delete goes back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { series, chapter } = await readerWithPendingChapter(page, request);

  // The uploader (a reader) has no moderator buttons on their own pending chapter.
  await openChapter(page, chapter.path);
  await expect(page.getByText('بانتظار المراجعة').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'أدوات المشرف' })).toHaveCount(0);

  await page.context().clearCookies();
  await logInThroughPage(page, 'manga', DEMO.moderator);
  await openChapter(page, chapter.path);
  const tools = page.getByRole('group', { name: 'أدوات المشرف' });
  await expect(tools).toBeVisible();

  // Reject refuses a blank reason, in Arabic, and sends nothing.
  await tools.getByRole('button', { name: 'رفض', exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'رفض المحتوى' });
  await reject.getByRole('button', { name: 'رفض', exact: true }).click();
  await expect(reject.getByRole('alert')).toHaveText('يرجى كتابة سبب الرفض');
  await expect(reject.getByLabel('سبب الرفض')).toHaveAttribute('aria-invalid', 'true');
  await reject.getByRole('button', { name: 'إلغاء' }).click();
  await expect(reject).toBeHidden();

  await tools.getByRole('button', { name: 'قبول', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'قبول المحتوى' });
  await approve.getByRole('button', { name: 'قبول', exact: true }).click();
  await expect(page.getByText('تم قبول المحتوى').first()).toBeVisible();
  await expect(page.locator('.badge', { hasText: 'بانتظار المراجعة' })).toHaveCount(0);
  await expect(tools.getByRole('button', { name: 'قبول', exact: true })).toHaveCount(0);

  await tools.getByRole('button', { name: 'حذف', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'حذف المحتوى' })
    .getByRole('button', { name: 'حذف', exact: true })
    .click();
  await expect(page.getByText('تم حذف المحتوى').first()).toBeVisible();
  await page.waitForURL(new RegExp(`/series/manga/${encodeURIComponent(series.slug)}(\\?|$)`));
  const gone = await page.goto(edge.url('manga', chapter.path));
  expect(gone?.status()).toBe(404);
});

test('a reader is refused the content page; a guest is asked to log in for notifications', async ({
  page,
}) => {
  await page.goto(edge.url('manga', '/notifications'));
  await page.waitForURL(/\/login\?redirect=%2Fnotifications/);

  await logInThroughPage(page, 'dashboard', DEMO.reader);
  await page.goto(edge.url('dashboard', '/content'));
  await page.waitForURL(/\/account\?denied=dashboard/);
  await expect(page.getByText('ليست لديك صلاحية لدخول لوحة التحكم').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'إدارة المحتوى' })).toHaveCount(0);

  // The page is on the manga site only.
  const elsewhere = await page.goto(edge.url('novel', '/notifications'));
  expect(elsewhere?.status()).toBe(404);
});

test('screenshots of the content page and its dialog', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const series = await seriesByTitle(request, SERIES);
  const uploader = await signedIn(browser, 'manga', DEMO.reader);
  const chapter = await readerUploads(uploader.page, series.id);
  await uploader.close();

  await logInThroughPage(page, 'dashboard', DEMO.moderator);
  const content = new ContentPage(page);
  await content.goto();
  await expect(content.row(chapter.title)).toBeVisible();
  await shoot(page, 'content');

  await content.tab('المحتوى المرفوض').click();
  await expect(page.getByRole('tabpanel').locator('.loading')).toHaveCount(0);
  await shoot(page, 'content-rejected');

  await content.tab('طلبات معلقة').click();
  const reject = await content.open(chapter.title, 'رفض');
  await shoot(page, 'content-reject-dialog');
  await reject.getByRole('button', { name: 'إلغاء' }).click();
  await expect(reject).toBeHidden();
  await expect(content.row(chapter.title)).toBeVisible();
});
