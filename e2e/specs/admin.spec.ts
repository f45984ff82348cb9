import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

/** A name no earlier run used, valid as a service name and as a domain label. */
function fresh(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

async function logInAsAdmin(page: Page) {
  await logInThroughPage(page, 'admin', DEMO.admin);
}

/** Closes the toasts on screen, so a screenshot shows the page under them. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'إغلاق الإشعار' });
  while ((await close.count()) > 0) await close.first().click();
}

/** The toast region's message with this title. */
function toast(page: Page, title: string): Locator {
  return page.getByRole('status').getByText(title, { exact: true }).first();
}

test('an admin adds a service, links a subdomain to it, edits and deletes both', async ({ page }) => {
  // A long flow (many dialogs, toasts and screenshots): more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  const serviceName = fresh('e2e-service');
  const serviceUrl = `http://127.0.0.1:${edge.port}/api/system/ping`;
  const domainName = `${fresh('e2e')}.${edge.baseDomain}`;
  await logInAsAdmin(page);

  // The dashboard's Add New Service link opens the add dialog on load, then drops the flag.
  await page.goto(edge.url('admin', '/services?new=1'));
  const addService = page.getByRole('dialog', { name: 'إضافة خدمة' });
  await expect(addService).toBeVisible();
  await expect(page).not.toHaveURL(/new=1/);
  await expect(addService.getByLabel('الاسم')).toBeFocused();
  // Spec §2 defaults: type core, status active.
  await expect(addService.getByLabel('النوع')).toHaveValue('core');
  await expect(addService.getByLabel('الحالة')).toHaveValue('active');

  // Spec §5: name and URL are required.
  await addService.getByRole('button', { name: 'إضافة' }).click();
  await expect(addService.getByText('الاسم مطلوب')).toBeVisible();
  await expect(addService.getByText('الرابط مطلوب')).toBeVisible();
  await expect(addService.getByLabel('الاسم')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'admin-service-dialog');

  await addService.getByLabel('الاسم').fill(serviceName);
  await addService.getByLabel('الرابط').fill(serviceUrl);
  await addService.getByRole('button', { name: 'إضافة' }).click();
  await expect(toast(page, 'تمت إضافة الخدمة')).toBeVisible();
  await expect(addService).toBeHidden();
  const serviceRow = page.getByTestId('service-row').filter({ hasText: serviceName });
  await expect(serviceRow).toContainText('الأساس');
  await expect(serviceRow).toContainText('نشط');
  await expect(serviceRow).toContainText(serviceUrl);

  // The server's answer lands on the field: a second service with the same name is refused.
  await page.getByRole('button', { name: 'إضافة خدمة' }).click();
  await addService.getByLabel('الاسم').fill(serviceName.toUpperCase());
  await addService.getByLabel('الرابط').fill(serviceUrl);
  await addService.getByRole('button', { name: 'إضافة' }).click();
  await expect(addService.getByText('توجد خدمة بهذا الاسم')).toBeVisible();
  await expect(toast(page, 'خطأ')).toBeVisible();
  await addService.getByRole('button', { name: 'إلغاء' }).click();
  await expect(addService).toBeHidden();
  await dismissToasts(page);
  await shoot(page, 'admin-services');

  // The dashboard's Microservices Architecture panel lists it.
  await page.goto(edge.url('dashboard', '/dashboard'));
  await expect(page.getByTestId('service-tile').filter({ hasText: serviceName })).toBeVisible();

  // A subdomain linked to the new service.
  await page.goto(edge.url('admin', '/domains?new=1'));
  const addDomain = page.getByRole('dialog', { name: 'إضافة نطاق فرعي' });
  await expect(addDomain).toBeVisible();
  await expect(addDomain.getByLabel('شهادة الأمان')).toHaveValue('valid');
  await expect(addDomain.getByLabel('الحالة')).toHaveValue('active');
  await addDomain.getByRole('button', { name: 'إضافة' }).click();
  await expect(addDomain.getByText('الاسم مطلوب')).toBeVisible();
  await addDomain.getByLabel('النطاق الفرعي').fill(domainName);
  await addDomain.getByLabel('الخدمة').selectOption({ label: serviceName });
  await addDomain.getByRole('button', { name: 'إضافة' }).click();
  await expect(toast(page, 'تمت إضافة النطاق')).toBeVisible();
  const domainRow = page.getByTestId('domain-row').filter({ hasText: domainName });
  await expect(domainRow).toContainText(serviceName);
  await expect(domainRow).toContainText('صالحة');
  await expect(domainRow).toContainText('نشط');

  // The primary domain is locked: its buttons are disabled and a tooltip says why.
  const primary = page.getByTestId('primary-domain');
  await expect(primary).toContainText(edge.baseDomain);
  await expect(primary.getByRole('button', { name: `تعديل ${edge.baseDomain}` })).toBeDisabled();
  await expect(primary.getByRole('button', { name: `حذف ${edge.baseDomain}` })).toBeDisabled();
  await primary.locator('[aria-describedby]').hover();
  await expect(page.getByRole('tooltip')).toContainText('النطاق الرئيسي ثابت');
  await dismissToasts(page);
  await shoot(page, 'admin-domains');

  // Edit the subdomain.
  await domainRow.getByRole('button', { name: `تعديل ${domainName}` }).click();
  const editDomain = page.getByRole('dialog', { name: 'تعديل النطاق' });
  await expect(editDomain.getByLabel('النطاق الفرعي')).toHaveValue(domainName);
  await expect(editDomain.getByLabel('الخدمة')).toHaveValue(/^\d+$/);
  await editDomain.getByLabel('شهادة الأمان').selectOption('pending');
  await editDomain.getByLabel('الحالة').selectOption('inactive');
  await editDomain.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(toast(page, 'تم تحديث النطاق')).toBeVisible();
  await expect(domainRow).toContainText('قيد الإصدار');
  await expect(domainRow).toContainText('غير نشط');

  // Delete it, after confirming.
  await domainRow.getByRole('button', { name: `حذف ${domainName}` }).click();
  const confirmDomain = page.getByRole('dialog', { name: 'حذف النطاق' });
  await expect(confirmDomain).toContainText(domainName);
  await confirmDomain.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(toast(page, 'تم حذف النطاق')).toBeVisible();
  await expect(domainRow).toHaveCount(0);

  // Edit, then delete the service.
  await page.goto(edge.url('admin', '/services'));
  await serviceRow.getByRole('button', { name: `تعديل ${serviceName}` }).click();
  const editService = page.getByRole('dialog', { name: 'تعديل الخدمة' });
  await expect(editService.getByLabel('الاسم')).toHaveValue(serviceName);
  await editService.getByLabel('الحالة').selectOption('degraded');
  await editService.getByLabel('النوع').selectOption('manga');
  await editService.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(toast(page, 'تم تحديث الخدمة')).toBeVisible();
  await expect(serviceRow).toContainText('متدهور');
  await expect(serviceRow).toContainText('مانجا');

  await serviceRow.getByRole('button', { name: `حذف ${serviceName}` }).click();
  const confirmService = page.getByRole('dialog', { name: 'حذف الخدمة' });
  await confirmService.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(toast(page, 'تم حذف الخدمة')).toBeVisible();
  await expect(serviceRow).toHaveCount(0);
});

test('a moderator is refused the services, domains and logs pages', async ({ page }) => {
  await logInThroughPage(page, 'admin', DEMO.moderator);
  for (const path of ['/services', '/domains', '/admin/logs']) {
    await page.goto(edge.url('admin', path));
    await expect(page).toHaveURL(/\/account\?denied=admin$/);
    await expect(page.getByText('ليست لديك صلاحية لدخول لوحة الإدارة')).toBeVisible();
  }
});

test("an admin makes a reader a moderator and back; their own and a superadmin's roles are not offered", async ({
  page,
  request,
}) => {
  const reader = await registerViaApi(request);
  await logInAsAdmin(page);
  await page.goto(edge.url('admin', `/admin?search=${reader.username}`));
  const row = page.getByTestId('user-row').filter({ hasText: reader.username });
  const control = row.getByTestId('role-control');
  // The username is isolated (FSI … PDI) inside the Arabic label.
  const select = row.getByRole('combobox', { name: new RegExp(`^دور \u2068?${reader.username}\u2069?$`) });
  await expect(select).toHaveValue('reader');
  // An admin may give reader or moderator only.
  await expect(select.locator('option')).toHaveText(['قارئ', 'مشرف محتوى']);
  await expect(row.getByRole('button', { name: 'تغيير' })).toBeDisabled();

  await select.selectOption('moderator');
  await row.getByRole('button', { name: 'تغيير' }).click();
  await expect(toast(page, 'تم تغيير الدور')).toBeVisible();
  await expect(control).toHaveAttribute('data-role', 'moderator');
  // The change is the server's: a fresh page shows it.
  await page.reload();
  await expect(select).toHaveValue('moderator');

  await select.selectOption('reader');
  await row.getByRole('button', { name: 'تغيير' }).click();
  await expect(control).toHaveAttribute('data-role', 'reader');
  await page.reload();
  await expect(select).toHaveValue('reader');

  // No control on the admin's own row, nor on the superadmin's.
  for (const name of [DEMO.admin.username, DEMO.superadmin.username]) {
    await page.goto(edge.url('admin', `/admin?search=${name}`));
    const own = page.getByTestId('user-row').filter({ has: page.getByText(name, { exact: true }) });
    await expect(own).toHaveCount(1);
    await expect(own.getByTestId('role-control')).toHaveCount(0);
  }
  await page.goto(edge.url('admin', '/admin'));
  await shoot(page, 'admin-users');
  // The dashboard these pages feed, seen by the same admin.
  await page.goto(edge.url('dashboard', '/dashboard'));
  await expect(page.getByTestId('service-tile').first()).toBeVisible();
  await shoot(page, 'admin-dashboard');
});

test('an error thrown on a page shows up under Logs, with its stack', async ({ page, browser }) => {
  const marker = fresh('e2e-thrown');
  const rejected = fresh('e2e-rejected');
  // A visitor's page throws once from a timer and once from an unhandled rejection.
  const visitor = await browser.newPage();
  await visitor.goto(edge.url('manga', '/'));
  const reported = visitor.waitForResponse(
    (response) => response.url().endsWith('/api/system/client-errors') && response.status() === 202,
  );
  await visitor.evaluate(
    ([thrown, rejection]) => {
      setTimeout(() => {
        throw new Error(thrown);
      });
      void Promise.reject(new Error(rejection));
    },
    [marker, rejected] as const,
  );
  await reported;
  await visitor.close();

  await logInAsAdmin(page);
  await page.goto(edge.url('admin', '/admin/logs'));
  await expect(page.getByRole('heading', { name: 'السجلات', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'سجل الإشراف' })).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'admin-logs-moderation');

  await page.getByRole('tab', { name: 'أخطاء المتصفح' }).click();
  await expect(page).toHaveURL(/\?tab=errors$/);
  const thrownRow = page.getByTestId('client-error-row').filter({ hasText: marker });
  await expect(thrownRow.getByTestId('client-error-path')).toHaveText('/');
  await expect(thrownRow).toContainText('زائر');
  await expect(page.getByTestId('client-error-row').filter({ hasText: rejected })).toBeVisible();
  await thrownRow.locator('summary').click();
  await expect(thrownRow.locator('pre')).toContainText(marker);
  await shoot(page, 'admin-logs-errors');

  // The side menu leads here.
  const menu = page.getByRole('navigation', { name: 'قائمة الإدارة' });
  await expect(menu.getByRole('link', { name: 'السجلات', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
