import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { digitSlips, showsNumbers, visibleTexts, type Numerals } from '../fixtures/interface-text';
import { pageApi } from '../fixtures/page-api';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge, type Site } from '../fixtures/stack';
import { ReaderPage } from '../pages/reader-page';

const SERIES_TITLE = 'الأكاديمية';

/** A fresh account made admin by the owner, so the test may change its numerals freely. */
async function makeAdmin(browser: Browser, userId: number): Promise<void> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await logInThroughPage(owner, 'dashboard', DEMO.superadmin);
  await pageApi(owner, 'PUT', `/api/users/${userId}/role`, { role: 'admin' });
  await context.close();
}

async function expectOneSystem(page: Page, numerals: Numerals, view: string) {
  const texts = await visibleTexts(page);
  expect(texts.length, `${view} has text`).toBeGreaterThan(0);
  expect(digitSlips(texts, numerals), `${view} (${numerals}): numbers in the other system`).toEqual([]);
  // And the page does show numbers in its own system.
  expect(showsNumbers(texts, numerals), `${view} shows numbers`).toBe(true);
}

async function open(page: Page, site: Site, path: string) {
  await page.goto(edge.url(site, path));
  await page.waitForLoadState('networkidle');
}

for (const numerals of ['arab', 'latn'] as const) {
  test(`one numeral system (${numerals}) on the series page, a chapter, the dashboard, admin screens and settings`, async ({
    browser,
    page,
    request,
  }) => {
    // Six screens, each shot at two widths.
    test.setTimeout(240_000);
    // Islands hydrate over rewritten digits without a mismatch (React's #418/#425 in production).
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
        hydrationErrors.push(message.text());
      }
    });
    const account = await registerViaApi(request);
    await logInThroughPage(page, 'manga', account);
    const profile = await pageApi<{ user: { id: number; preferences: { numerals: Numerals } } }>(
      page,
      'GET',
      '/api/auth/profile',
    );
    // Arabic-Indic digits are everyone's default.
    expect(profile.user.preferences.numerals).toBe('arab');
    await makeAdmin(browser, profile.user.id);
    if (numerals === 'latn') {
      // Chosen in the settings, as a reader would (the session holds on every site): the page
      // reloads in the new system.
      await open(page, 'dashboard', '/settings');
      await page.getByRole('radio', { name: 'أرقام غربية' }).check();
      await page.getByRole('button', { name: 'حفظ التفضيلات' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-numerals', 'latn');
    }

    // The series page and a chapter are public documents: the choice applies in the browser.
    const found = await pageApi<{ data: { slug: string; title: string }[] }>(
      page,
      'GET',
      `/api/manga?search=${encodeURIComponent(SERIES_TITLE)}`,
    );
    const series = found.data.find((item) => item.title === SERIES_TITLE)!;
    await open(page, 'manga', `/series/manga/${encodeURIComponent(series.slug)}`);
    await expect(page.locator('html')).toHaveAttribute('data-numerals', numerals);
    await expectOneSystem(page, numerals, 'series page');
    await shoot(page, `numerals-${numerals}-series`);

    await page.getByRole('link', { name: 'ابدأ القراءة' }).click();
    await new ReaderPage(page).ready();
    await page.waitForLoadState('networkidle');
    await expectOneSystem(page, numerals, 'chapter');
    await shoot(page, `numerals-${numerals}-chapter`);

    await open(page, 'dashboard', '/dashboard');
    await expect(page.getByTestId('stat-users-value')).not.toBeEmpty();
    await expectOneSystem(page, numerals, 'dashboard');
    await shoot(page, `numerals-${numerals}-dashboard`);

    await open(page, 'dashboard', '/settings');
    await expectOneSystem(page, numerals, 'settings');
    await shoot(page, `numerals-${numerals}-settings`);

    for (const screen of ['services', 'domains'] as const) {
      await open(page, 'admin', `/${screen}`);
      await expect(page.getByRole('table')).toBeVisible();
      await expectOneSystem(page, numerals, `admin ${screen}`);
      await shoot(page, `numerals-${numerals}-admin-${screen}`);
    }
    expect(hydrationErrors).toEqual([]);
  });
}
