import { expect, test, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

/** A figure as the cards show it (Arabic-Indic digits, ar-SA grouping) back to a number. */
function arabicToNumber(text: string): number {
  const latin = text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660))
    .replace(/[\u066c,\s]/g, '')
    .replace(/\u066b/g, '.');
  return Number(latin);
}

/** A JSON GET with the page's own session (same origin, cookie sent). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} → ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

interface Stats {
  activeServices: number;
  totalServices: number;
  apiRequests24h: number;
  registeredUsers: number;
  mediaBytes: number;
  mediaObjects: number;
}
interface Health {
  services: { name: string; status: 'healthy' | 'degraded' | 'unknown' }[];
}

async function openDashboardAs(page: Page, account: { username: string; password: string }) {
  await logInThroughPage(page, 'dashboard', account);
  await page.goto(edge.url('dashboard', '/dashboard'));
  await expect(page.getByRole('heading', { name: 'لوحة التحكم', level: 1 })).toBeVisible();
}

test('an admin sees the four cards with the API figures, the services with health, live status and the docs', async ({
  page,
}) => {
  // A long flow (many dialogs, toasts and screenshots): more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  // Spec §2 login redirect: an admin signing in on a reading site lands here, greeted, and the
  // redirect's query string is cleared.
  await logInThroughPage(page, 'manga', DEMO.admin);
  await page.waitForURL(/\/dashboard/);
  await expect(page.getByText('مرحبًا بك في لوحة التحكم').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'لوحة التحكم', level: 1 })).toBeVisible();

  const users = await apiGet<{ meta: { total: number } }>(page, '/api/users?limit=1');
  const stats = await apiGet<Stats>(page, '/api/system/stats');
  const health = await apiGet<Health>(page, '/api/system/health');

  const usersValue = page.getByTestId('stat-users-value');
  await expect(usersValue).toHaveText(new Intl.NumberFormat('ar-SA').format(users.meta.total));
  await expect(page.getByTestId('stat-services-value')).toHaveText(
    new Intl.NumberFormat('ar-SA').format(stats.activeServices),
  );
  await expect(page.getByTestId('stat-services')).toContainText(
    new Intl.NumberFormat('ar-SA').format(stats.totalServices),
  );
  // Every API call (the polls included) counts: once refreshed, the card is at least what the API
  // said a moment before.
  await page.getByRole('button', { name: 'تحديث البيانات' }).click();
  await expect
    .poll(async () => arabicToNumber((await page.getByTestId('stat-requests-value').textContent()) ?? ''))
    .toBeGreaterThanOrEqual(stats.apiRequests24h);
  await expect(page.getByTestId('stat-cdn-value')).toHaveText(/^[\u0660-\u0669\u066b]+\s[^\s\d]+$/);
  await expect(page.getByTestId('stat-cdn')).toContainText(
    new Intl.NumberFormat('ar-SA').format(stats.mediaObjects),
  );
  await expect(page.getByTestId('version')).not.toHaveText('غير متاح');

  // Microservices Architecture: a tile with a health badge for each seeded service.
  expect(health.services.length).toBeGreaterThan(0);
  const tiles = page.getByTestId('service-tile');
  await expect(tiles).toHaveCount(health.services.length);
  for (const service of health.services) {
    const tile = tiles.filter({ hasText: service.name });
    await expect(tile.locator('[data-health]')).toHaveText(/^(سليم|متدهور|غير معروف)$/);
  }
  await expect(page.getByTestId('component-tile').filter({ hasText: 'قاعدة البيانات' })).toBeVisible();

  // The API indicator reaches connected; its tooltip (after the 700 ms delay) names the subdomain
  // and the active connections.
  const indicator = page.getByTestId('api-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('realtime-status')).toHaveText('متصل');
  await indicator.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('dashboard');
  await expect(tooltip).toContainText(/الاتصالات النشطة: [\u0660-\u0669]+/);
  await expect(page.getByTestId('active-connections')).toHaveText(/^[\u0660-\u0669]+$/);

  // API documentation generated from the contracts: the login endpoint's body schema.
  await page.getByRole('searchbox', { name: 'تصفية نقاط الواجهة' }).fill('/api/auth/login');
  const login = page.getByTestId('api-endpoint').filter({ hasText: '/api/auth/login' }).first();
  await login.locator('summary').click();
  const body = login.getByTestId('api-request-body');
  await expect(body.getByText('username', { exact: true })).toBeVisible();
  await expect(body.getByText('password', { exact: true })).toBeVisible();
  await expect(login.getByTestId('api-response')).toContainText('200');

  // Domain management, and the admin's Add buttons lead to the pages with their add dialogs.
  await expect(page.getByRole('heading', { name: 'إدارة النطاقات' })).toBeVisible();
  await expect(page.getByTestId('primary-domain')).toContainText('نشط');
  await expect(page.getByRole('link', { name: 'إضافة نطاق فرعي' })).toHaveAttribute(
    'href',
    /\/domains\?new=1/,
  );
  await expect(page.getByRole('link', { name: 'إضافة خدمة جديدة' })).toHaveAttribute(
    'href',
    /\/services\?new=1/,
  );

  // The side menu offers the admin pages.
  const menu = page.getByRole('navigation', { name: 'قائمة الإدارة' });
  for (const entry of ['لوحة التحكم', 'إدارة المحتوى', 'الخدمات', 'النطاقات', 'المستخدمون', 'السجلات']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(1);
  }

  // Refresh Data refetches and says so; the last-updated time moves on.
  const before = await page.getByTestId('last-updated').textContent();
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: 'تحديث البيانات' }).click();
  await expect(page.getByText('تم تحديث البيانات').first()).toBeVisible();
  await expect(page.getByTestId('last-updated')).not.toHaveText(before ?? '');

  await page.getByRole('searchbox', { name: 'تصفية نقاط الواجهة' }).fill('');
  await shoot(page, 'dashboard');
});

test('a moderator sees the dashboard without the admin sections', async ({ page }) => {
  await openDashboardAs(page, DEMO.moderator);
  await expect(page.getByTestId('stat-users-value')).toHaveText(/^[\u0660-\u0669\u066c]+$/);
  await expect(page.getByRole('heading', { name: 'بنية الخدمات المصغّرة' })).toBeVisible();
  await expect(page.getByTestId('api-indicator')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('moderation-queue-total')).toHaveText(/^[\u0660-\u0669\u066c]+$/);

  await expect(page.getByRole('heading', { name: 'إدارة النطاقات' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'إضافة خدمة جديدة' })).toHaveCount(0);
  await expect(page.getByTestId('moderator-tools')).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'قائمة الإدارة' });
  await expect(menu.getByRole('link', { name: 'إدارة المحتوى', exact: true })).toBeVisible();
  for (const entry of ['الخدمات', 'النطاقات', 'المستخدمون', 'السجلات']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }
  await shoot(page, 'dashboard-moderator');
});
