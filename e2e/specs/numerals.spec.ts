import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { pageApi } from '../fixtures/page-api';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge, type Site } from '../fixtures/stack';
import { ReaderPage } from '../pages/reader-page';

const SERIES_TITLE = 'الأكاديمية';
type Numerals = 'arab' | 'latn';

/** A fresh account made admin by the owner, so the test may change its numerals freely. */
async function makeAdmin(browser: Browser, userId: number): Promise<void> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await logInThroughPage(owner, 'dashboard', DEMO.superadmin);
  await pageApi(owner, 'PUT', `/api/users/${userId}/role`, { role: 'admin' });
  await context.close();
}

/**
 * The page's visible text, split where the layout splits it, without the samples that show the
 * other system on purpose (`data-keep-digits`).
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.nodeValue?.trim();
      if (!parent || !text) continue;
      // Text in another language (the OpenAPI document's English) keeps that language's digits.
      if (parent.closest('script, style, template, [data-keep-digits], [hidden], [lang]:not([lang="ar"])'))
        continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      texts.push(text);
    }
    return texts;
  });
}

// A number standing alone in Western digits (a count, a page, a year), not part of a word, an
// address or a code someone wrote («e2e_k3», «http://x:3001», «v1.0.3» are not numbers of the UI).
const BARE_WESTERN_NUMBER = /(^|[^\p{L}\p{N}_:/.@#-])[0-9]+(?:[.,][0-9]+)*(?![\p{L}\p{N}_:/.@-])/u;
const ARABIC_INDIC = /[\u0660-\u0669]/;
// A version («0.1.0») names a build, like a code: written as released.
const VERSION = /\b\d+(?:\.\d+){2,}\b/g;

async function expectOneSystem(page: Page, numerals: Numerals, view: string) {
  const texts = await visibleTexts(page);
  expect(texts.length, `${view} has text`).toBeGreaterThan(0);
  const wrong =
    numerals === 'arab'
      ? texts.filter((text) => BARE_WESTERN_NUMBER.test(text.replace(VERSION, '')))
      : texts.filter((text) => ARABIC_INDIC.test(text));
  expect(wrong, `${view} (${numerals}): numbers in the other system`).toEqual([]);
  // And the page does show numbers in its own system.
  const own = numerals === 'arab' ? ARABIC_INDIC : /[0-9]/;
  expect(
    texts.some((text) => own.test(text)),
    `${view} shows numbers`,
  ).toBe(true);
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
