import { expect, test } from '@playwright/test';
import { freshUsername, logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { DEMO, edge } from '../fixtures/stack';

test('a visitor registers on the manga site, is signed in automatically, and stays signed in on every site', async ({
  page,
}) => {
  const username = freshUsername('reg');
  await page.goto(edge.url('manga', '/register'));
  await expect(page.getByRole('heading', { name: 'انضم إلى قرّاء المانجا' })).toBeVisible();
  await page.getByLabel('اسم المستخدم').fill(username);
  await page.getByLabel('البريد الإلكتروني').fill(`${username}@example.test`);
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Qalam-2025!');
  await page.getByLabel('تأكيد كلمة المرور').fill('Qalam-2025!');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

  await expect(page.getByText('تم إنشاء الحساب بنجاح').first()).toBeVisible();
  await page.waitForURL(edge.url('manga', '/'));
  await expect(page.getByText(`مرحبًا، ${username}`).filter({ visible: true })).toBeVisible();

  // One session cookie on the parent domain: no second login on the other sites.
  for (const site of ['novel', 'main'] as const) {
    await page.goto(edge.url(site, '/'));
    await expect(page.getByText(`مرحبًا، ${username}`).filter({ visible: true })).toBeVisible();
  }
  await page.goto(edge.url('manga', '/account'));
  await expect(page.getByText(`${username}@example.test`)).toBeVisible();
});

test('the register form shows every field error in Arabic and keeps what was typed', async ({ page }) => {
  await page.goto(edge.url('main', '/register'));
  await page.getByLabel('اسم المستخدم').fill('READER');
  await page.getByLabel('البريد الإلكتروني').fill('not-an-email');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('12345');
  await page.getByLabel('تأكيد كلمة المرور').fill('54321');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page.getByText('يرجى إدخال بريد إلكتروني صالح')).toBeVisible();
  await expect(page.getByText('يجب أن تكون كلمة المرور ٦ أحرف على الأقل')).toBeVisible();

  // The server has the last word: 'READER' differs from the seeded 'reader' only by case.
  await page.getByLabel('البريد الإلكتروني').fill('someone-new@example.test');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Qalam-2025!');
  await page.getByLabel('تأكيد كلمة المرور').fill('Qalam-2025!');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page.getByText('اسم المستخدم مستخدم بالفعل').first()).toBeVisible();
  await expect(page.getByLabel('اسم المستخدم')).toHaveValue('READER');

  // '0wner' is no one's name, but reads as the seeded 'owner': refused by its confusable skeleton.
  await page.getByLabel('اسم المستخدم').fill('0wner');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(
    page.getByText('اسم المستخدم يشبه اسم مستخدم موجود حتى يلتبس به، يرجى اختيار اسم آخر').first(),
  ).toBeVisible();
  await expect(page.getByLabel('اسم المستخدم')).toHaveValue('0wner');
});

test('a wrong password is refused with the spec toast and an inline message', async ({ page }) => {
  await page.goto(edge.url('manga', '/login'));
  await page.getByLabel('اسم المستخدم').fill(DEMO.reader.username);
  await page.getByLabel('كلمة المرور').fill('definitely-wrong');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByText('فشل تسجيل الدخول').first()).toBeVisible();
  await expect(page.getByText('اسم المستخدم أو كلمة المرور غير صحيحة').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a reader who signs in is welcomed by name, then taken to the site they signed in on', async ({
  page,
}) => {
  // The welcome toast is on screen for the second before the redirect: the next page is held back
  // until the toast has been seen, as a reader on a slow connection would see it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(edge.url('manga', '/'), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(edge.url('manga', '/login'));
  await page.getByLabel('اسم المستخدم').fill(DEMO.reader.username);
  await page.getByLabel('كلمة المرور').fill(DEMO.reader.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'تم تسجيل الدخول بنجاح' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText(DEMO.reader.username);
  release();
  await page.waitForURL(edge.url('manga', '/'));
});

test('an admin who logs in on the manga site is taken into the dashboard', async ({ page }) => {
  await logInThroughPage(page, 'manga', DEMO.admin);
  await expect(page).toHaveURL(
    new RegExp(`^http://${edge.host('dashboard').replace(/\./g, '\\.')}/dashboard`),
  );
  // The welcome toast is brief: look for it first, before the rest of the page.
  await expect(page.getByText('مرحبًا بك في لوحة التحكم').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'لوحة التحكم' })).toBeVisible();
  // The welcome query is consumed, so a reload does not greet again.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reader who opens the dashboard is sent away, decided by the server', async ({ page }) => {
  await logInThroughPage(page, 'manga', DEMO.reader);
  await expect(page).toHaveURL(edge.url('manga', '/'));
  const response = await page.goto(edge.url('manga', '/dashboard'));
  expect(response?.ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp('/account\\?denied=dashboard'));
  await expect(page.getByText('ليست لديك صلاحية لدخول لوحة التحكم').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'لوحة التحكم' })).toHaveCount(0);
});

test('a forged user_id cookie opens nothing', async ({ page, context }) => {
  await context.addCookies([
    { name: 'user_id', value: '1', domain: edge.baseDomain, path: '/' },
    { name: 'is_admin', value: 'true', domain: edge.baseDomain, path: '/' },
  ]);
  await page.goto(edge.url('dashboard', '/dashboard'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('a guest opening settings logs in and comes back; the settings save and survive a reload', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await page.goto(edge.url('manga', '/settings'));
  await expect(page).toHaveURL(
    new RegExp(`${edge.host('dashboard').replace(/\./g, '\\.')}/login\\?redirect=%2Fsettings`),
  );
  await page.getByLabel('اسم المستخدم').fill(account.username);
  await page.getByLabel('كلمة المرور').fill(account.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL(/\/settings$/);

  const email = `changed-${account.email}`;
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).click();
  await expect(page.getByText('تم تحديث الحساب').first()).toBeVisible();

  await page.getByRole('radio', { name: 'داكن' }).check();
  await page.getByRole('button', { name: 'حفظ التفضيلات' }).click();
  await expect(page.getByText('تم تحديث التفضيلات').first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue(email);
  await expect(page.getByRole('radio', { name: 'داكن' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('changing the password: a wrong current password is refused, the right one works', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'dashboard', account);
  await page.goto(edge.url('dashboard', '/settings'));
  await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill('not-my-password');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Abcdef1!');
  await expect(page.getByText('١٠٠٪')).toBeVisible();
  await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('Abcdef1!');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('كلمة المرور الحالية غير صحيحة').first()).toBeVisible();

  await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('تم تحديث كلمة المرور').first()).toBeVisible();
});

test('logout ends the session on every site', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'novel', account);
  // The button is an island hydrated when the page is idle: a click before that does nothing.
  await page.locator('astro-island:not([ssr])').getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page.getByText('تم تسجيل الخروج').first()).toBeVisible();
  await page.waitForURL(/\/login/);
  await page.goto(edge.url('manga', '/'));
  await expect(page.getByText(`مرحبًا، ${account.username}`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).first()).toBeVisible();
});
