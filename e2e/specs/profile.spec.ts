import { expect, test, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { pageApi } from '../fixtures/page-api';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

const SERIES_TITLE = 'الأكاديمية';
const arabic = (n: number) => new Intl.NumberFormat('ar-SA').format(n);
const plural = new Intl.PluralRules('ar');
/** A count as Arabic writes it, by its plural category (zero, one, two, few 3–10, many 11–99, other). */
const count = (n: number, forms: Record<Intl.LDMLPluralRule, string>) =>
  forms[plural.select(n)].replace('{n}', arabic(n));
const points = (n: number) =>
  count(n, {
    zero: 'لا نقاط',
    one: 'نقطة واحدة',
    two: 'نقطتان',
    few: '{n} نقاط',
    many: '{n} نقطة',
    other: '{n} نقطة',
  });
const favourites = (n: number) =>
  count(n, {
    zero: 'ليس في مفضلتك أي عمل.',
    one: 'لديك عمل واحد في المفضلة.',
    two: 'لديك عملان في المفضلة.',
    few: 'لديك {n} أعمال في المفضلة.',
    many: 'لديك {n} عملًا في المفضلة.',
    other: 'لديك {n} عمل في المفضلة.',
  });

interface Stats {
  data: { points: number; chaptersRead: number; commentsPosted: number };
}

/** The first chapter of a demo series, found through the catalogue API. */
async function demoChapterId(page: Page): Promise<number> {
  const list = await pageApi<{ data: { id: number; title: string }[] }>(
    page,
    'GET',
    `/api/manga?search=${encodeURIComponent(SERIES_TITLE)}`,
  );
  const series = list.data.find((item) => item.title === SERIES_TITLE);
  if (!series) throw new Error(`the demo series ${SERIES_TITLE} is not in the catalogue`);
  const detail = await pageApi<{ data: { chapters: { id: number }[] } }>(
    page,
    'GET',
    `/api/manga/${series.id}`,
  );
  const chapter = detail.data.chapters[0];
  if (!chapter) throw new Error(`${SERIES_TITLE} has no chapters`);
  return chapter.id;
}

// The admin's award is checked on the reader's profile: the tests share the reader's balance.
test.describe.configure({ mode: 'serial' });

test('a guest opening /profile is sent to log in, and comes back to it', async ({ page }) => {
  await page.goto(edge.url('manga', '/profile'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await page.getByLabel('اسم المستخدم').fill(DEMO.reader.username);
  await page.getByLabel('كلمة المرور').fill(DEMO.reader.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL(/\/profile$/);
  await expect(page.getByTestId('profile-username')).toHaveText(DEMO.reader.username);
});

test('the reader sees their name, points and stats, and a new comment tops the activity tab', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInThroughPage(page, 'manga', DEMO.reader);
  await page.goto(edge.url('manga', '/profile'));
  const stats = await pageApi<Stats>(page, 'GET', '/api/user/profile-stats');

  await expect(page.getByTestId('profile-username')).toHaveText(DEMO.reader.username);
  await expect(page.getByTestId('profile-points')).toHaveText(`★${points(stats.data.points)}`);
  await expect(page.getByRole('link', { name: 'إعدادات الحساب' })).toHaveAttribute('href', /\/settings/);
  await expect(page.locator('[data-stat="chaptersRead"] dd')).toHaveText(arabic(stats.data.chaptersRead));
  await expect(page.locator('[data-stat="lastActive"] dd')).toHaveText(/(الآن|قبل|أمس|منذ)/);
  // The spec leaves follow and message out of one's own profile rather than showing inert buttons.
  await expect(page.getByRole('button', { name: /متابعة|رسالة/ })).toHaveCount(0);
  await shoot(page, 'profile');

  const text = `تعليق من الملف الشخصي ${Date.now().toString(36)}`;
  await pageApi(page, 'POST', '/api/comments', { text, chapter_id: await demoChapterId(page) });
  await page.reload();
  await expect(page.locator('[data-stat="commentsPosted"] dd')).toHaveText(
    arabic(stats.data.commentsPosted + 1),
  );
  await page.getByRole('tab', { name: 'النشاط' }).click();
  await expect(page).toHaveURL(/tab=activity/);
  const first = page.getByTestId('activity-list').getByRole('listitem').first();
  await expect(first).toHaveAttribute('data-type', 'commented');
  await expect(first).toContainText(text);
  await expect(first).toContainText(SERIES_TITLE);
  await expect(first.locator('time')).toHaveText(/^(الآن|قبل .+|منذ .+)$/);
  await shoot(page, 'profile-activity');
});

test('the library tab lists where the reader stopped, the favourites tab what they marked', async ({
  page,
}) => {
  await logInThroughPage(page, 'manga', DEMO.reader);
  const chapterId = await demoChapterId(page);
  const list = await pageApi<{ data: { id: number; title: string }[] }>(
    page,
    'GET',
    `/api/manga?search=${encodeURIComponent(SERIES_TITLE)}`,
  );
  const seriesId = list.data.find((item) => item.title === SERIES_TITLE)!.id;
  await pageApi(page, 'POST', '/api/content/progress', { contentId: seriesId, chapterId, page: 2 });
  await pageApi(page, 'POST', '/api/content/favorite', { contentId: seriesId, action: 'add' });

  await page.goto(edge.url('manga', '/profile?tab=library'));
  const reading = page.getByTestId('library-list').getByRole('listitem').first();
  await expect(reading).toContainText(SERIES_TITLE);
  await expect(reading.getByRole('link', { name: 'تابع القراءة' })).toHaveAttribute(
    'href',
    /\/series\/manga\//,
  );

  await page.getByRole('tab', { name: 'المفضلة' }).click();
  const favorites = await pageApi<{ meta: { total: number } }>(page, 'GET', '/api/user/favorites?limit=1');
  await expect(page.getByTestId('favorites-list')).toContainText(SERIES_TITLE);
  await expect(page.getByText(favourites(favorites.meta.total))).toBeVisible();
  await shoot(page, 'profile-favorites');
});

test('an admin awards the reader 15 points on /admin/points and the reader’s profile shows them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await logInThroughPage(page, 'manga', DEMO.reader);
  const before = (await pageApi<Stats>(page, 'GET', '/api/user/profile-stats')).data.points;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInThroughPage(admin, 'admin', DEMO.admin);
  await admin.goto(edge.url('admin', '/admin/points'));
  await expect(admin.getByRole('heading', { name: 'نظام النقاط', level: 1 })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'نظام النقاط' })).toBeVisible();
  await admin.getByLabel('ابحث عن مستخدم').fill(DEMO.reader.username);
  await admin.getByRole('button', { name: 'بحث', exact: true }).click();
  const row = admin
    .getByRole('listitem')
    .filter({ has: admin.getByText(DEMO.reader.username, { exact: true }) });
  await row.getByRole('button', { name: 'اختيار' }).click();
  await expect(admin.getByTestId('points-balance')).toContainText(arabic(before));

  // Field errors first: nothing entered, then a deduction larger than the balance.
  await admin.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(admin.getByText('أدخل عددًا صحيحًا غير الصفر')).toBeVisible();
  await expect(admin.getByText('الوصف مطلوب')).toBeVisible();
  await admin.getByLabel('المقدار').fill(String(-(before + 1_000)));
  await admin.getByLabel('الوصف').fill('خصم أكبر من الرصيد');
  await admin.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(admin.getByText('رصيد المستخدم لا يكفي لهذا الخصم').first()).toBeVisible();

  const description = `مكافأة الاختبار ${Date.now().toString(36)}`;
  // Typed in the page's own digits: the field takes either system.
  await admin.getByLabel('المقدار').fill('١٥');
  // The service is picked by its Arabic name from the registry's types.
  await admin.getByLabel('الخدمة').selectOption({ label: 'روايات' });
  await admin.getByLabel('الوصف').fill(description);
  await admin.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(admin.getByText('تم تسجيل النقاط').first()).toBeVisible();
  await expect(admin.getByTestId('points-balance')).toContainText(arabic(before + 15));
  const entry = admin.getByTestId('points-history').getByRole('row').nth(1);
  await expect(entry).toContainText(description);
  await expect(entry).toContainText(DEMO.admin.username);
  await expect(entry.getByRole('cell', { name: 'روايات', exact: true })).toBeVisible();
  await expect(admin.getByLabel('المقدار')).toHaveValue('');
  await shoot(admin, 'admin-points');
  await adminContext.close();

  await page.goto(edge.url('manga', '/profile'));
  await expect(page.getByTestId('profile-points')).toHaveText(`★${points(before + 15)}`);
});
