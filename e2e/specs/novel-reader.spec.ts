import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { logInThroughPage, registerViaApi, type Account } from '../fixtures/accounts';
import { animationsSettled } from '../fixtures/animations';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';

// Issue 13: the novel reader, made for Arabic text.
const NOVEL = 'ظل الصحراء';
/** The reader's own JavaScript must stay under this, gzipped (issue 13). */
const JS_BUDGET_BYTES = 15 * 1024;
const SCREENSHOTS = path.resolve(__dirname, '../../.data/e2e/screenshots');

const article = (page: Page) => page.locator('article.novel-article');
const block = (page: Page, n: number) => page.locator(`#p-${n}`);
const articleStyle = (page: Page) =>
  article(page).evaluate((node) => {
    const style = getComputedStyle(node);
    return { font: style.fontFamily, size: style.fontSize };
  });

/**
 * The novel site's home → the series → its first chapter, as a reader clicks through. A demo account
 * that has opened chapter 1 before (the page sweeps read it as the demo reader) is offered to continue
 * there instead of to start: either leads to chapter 1.
 */
async function openFirstChapter(page: Page) {
  await page.goto(edge.url('novel', '/'));
  await page.getByRole('link', { name: NOVEL }).first().click();
  await page.getByRole('link', { name: /^(ابدأ القراءة|تابع القراءة: الفصل ١)$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('الفصل ١');
  await expect(page.locator('[data-novel-reader][data-ready]')).toBeAttached();
}

async function signedInPage(
  browser: Browser,
  account: Pick<Account, 'username' | 'password'>,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, 'novel', account);
  return page;
}

test('a reader reads a novel on the novel site: settings and position follow them to another device', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await registerViaApi(request, 'novel');
  const page = await signedInPage(browser, account);
  await openFirstChapter(page);
  const chapterUrl = page.url();

  // Text, not pages: paragraphs that find their own direction, the reading time and word count,
  // and no image-reader mode selector.
  const paragraphs = article(page).locator('p');
  expect(await paragraphs.count()).toBeGreaterThan(20);
  expect(
    await paragraphs.evaluateAll((nodes) => nodes.every((node) => node.getAttribute('dir') === 'auto')),
  ).toBe(true);
  await expect(page.getByTestId('novel-meta')).toContainText('قراءة');
  await expect(page.getByTestId('novel-meta')).toContainText('كلمة');
  await expect(page.getByLabel('طريقة القراءة')).toHaveCount(0);
  // Amiri, once the first paragraph has been shown in its metric-matched fallback (issue 15).
  await expect(article(page)).not.toHaveAttribute('data-nr-faces-wait');
  expect((await articleStyle(page)).font).toMatch(/^Amiri, "Amiri fallback"/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('20px Amiri', 'كان'))).toBe(true);
  await expect(page.getByRole('button', { name: 'أعجبني' })).toBeVisible();

  // Font and size: applied at once, saved to the account.
  await page.getByText('إعدادات القراءة').click();
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/preferences') && response.request().postDataJSON()?.novelReader?.size === 26,
  );
  await page.getByRole('combobox', { name: 'الخط', exact: true }).selectOption('plex-sans');
  await page.getByRole('slider', { name: 'حجم الخط' }).fill('26');
  expect((await saved).status()).toBe(200);
  await expect
    .poll(() => articleStyle(page))
    .toEqual({ font: expect.stringContaining('IBM Plex Sans Arabic'), size: '26px' });

  // Reloaded: the chapter is the same cached document for everyone, and this browser's copy of the
  // settings is applied before the first paint (no flash).
  await page.reload();
  expect(await articleStyle(page)).toEqual({
    font: expect.stringContaining('IBM Plex Sans Arabic'),
    size: '26px',
  });

  // Reading down to paragraph 20: the position is saved at that paragraph, and the bar says how far.
  const progressSaved = page.waitForRequest(
    (req) => req.url().includes('/api/content/progress') && req.postDataJSON()?.paragraph === 20,
  );
  await block(page, 20).evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await progressSaved;
  const bar = page.getByRole('progressbar', { name: 'موضع القراءة في الفصل' });
  const percent = Number(await bar.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);
  const shown = await page.locator('[data-nr-percent]').innerText();
  expect(shown).toBe(`${new Intl.NumberFormat('ar-SA').format(percent)}٪`);

  // Another device: the same chapter opens at the same paragraph, with the same settings.
  const other = await signedInPage(browser, account);
  await other.goto(chapterUrl);
  await expect(other.locator('[data-novel-reader][data-ready]')).toBeAttached();
  expect(await articleStyle(other)).toEqual({
    font: expect.stringContaining('IBM Plex Sans Arabic'),
    size: '26px',
  });
  await expect(other.locator('[data-novel-reader]')).toHaveAttribute('data-position', '20');
  const top = (await block(other, 20).boundingBox())!.y;
  expect(Math.abs(top - 80)).toBeLessThan(24);
  await other.context().close();

  // At the end of the page the bar says the whole text is read, and the footer's last line stays above
  // the bar (which lies over the window's bottom edge), not under it.
  // (Scrolled again until it holds: the comments below the text may still be loading and lengthen the page.)
  const footerLine = page.getByRole('contentinfo').locator('p').last();
  const progress = page.locator('[data-nr-progress]');
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const line = (await footerLine.boundingBox())!;
      return line.y + line.height - (await progress.boundingBox())!.y;
    })
    .toBeLessThanOrEqual(0);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');

  // On to chapter 2 with the keyboard: Arabic reads right to left, so the left arrow goes forward.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('الفصل ٢');
  expect(await articleStyle(page)).toEqual({
    font: expect.stringContaining('IBM Plex Sans Arabic'),
    size: '26px',
  });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('الفصل ١');
  await page.context().close();
});

test("a moderator gets the image reader's moderator buttons on a novel chapter; a reader does not", async ({
  browser,
}) => {
  const moderator = await signedInPage(browser, DEMO.moderator);
  await openFirstChapter(moderator);
  const tools = moderator.getByRole('group', { name: 'أدوات المشرف' });
  await expect(tools.getByRole('button', { name: 'رفض' })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'حذف' })).toBeVisible();
  await moderator.context().close();

  const reader = await signedInPage(browser, DEMO.reader);
  await openFirstChapter(reader);
  // The demo reader may already like it: either state of the like button.
  await expect(reader.getByRole('button', { name: /^(أعجبني|أُعجبت به)$/ })).toBeVisible();
  await expect(reader.getByRole('group', { name: 'أدوات المشرف' })).toHaveCount(0);
  await reader.context().close();
});

test('a novel chapter reads with JavaScript off: text, title, chapter links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const js = await browser.newContext();
  const finder = await js.newPage();
  await openFirstChapter(finder);
  const url = finder.url();
  await js.close();

  // The faces come by the head's <noscript> link: a stylesheet named by its content, kept a year, and
  // the text is drawn in Amiri's own file.
  const faces = page.waitForResponse((response) => /\/novel-faces\/[0-9a-f]+\.css$/.test(response.url()));
  const amiri = page.waitForResponse((response) =>
    /\/amiri-arabic-400-normal\.[^/]+\.woff2$/.test(response.url()),
  );
  await page.goto(url);
  const sheet = await faces;
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()['content-type']).toMatch(/^text\/css/);
  expect(sheet.headers()['cache-control']).toContain('immutable');
  expect((await amiri).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(NOVEL);
  expect(await article(page).locator('p').count()).toBeGreaterThan(20);
  await expect(block(page, 0)).toBeVisible();
  await expect(page.getByRole('link', { name: 'الفصل التالي' }).first()).toBeVisible();
  await page.getByText('قائمة الفصول').first().click();
  await expect(page.getByRole('link', { name: 'الفصل ٢', exact: true })).toBeVisible();
  // Controls that need a script are not offered.
  await expect(page.getByText('إعدادات القراءة')).toBeHidden();
  await context.close();
});

test('a guest touches the left edge of the text to turn forward; settings stay in this browser', async ({
  browser,
}) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openFirstChapter(page);
  // The text fills the screen once scrolled to (at 390 px the site header, the title and the chapter
  // links come first); mid-screen is then text, clear of the sticky header.
  await article(page).evaluate((element) => element.scrollIntoView());
  const box = (await article(page).boundingBox())!;
  const y = 450;
  const before = await page.evaluate(() => window.scrollY);
  await page.touchscreen.tap(box.x + 20, y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 300);
  // A guest's position stays in this browser: reopened, the chapter is where they left it.
  for (let turn = 0; turn < 3; turn++) await page.touchscreen.tap(box.x + 20, y);
  const position = page.locator('[data-novel-reader]');
  await expect(position).toHaveAttribute('data-position', /^[1-9]\d*$/);
  const left = await position.getAttribute('data-position');
  await page.reload();
  await expect(page.locator('[data-novel-reader][data-ready]')).toHaveAttribute('data-position', left!);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  await page.getByText('إعدادات القراءة').click();
  await page.getByRole('radio', { name: 'داكن' }).check();
  await page.waitForFunction(() => localStorage.getItem('warraq:novel-reader')?.includes('"dark"'));
  await page.reload();
  await expect(article(page)).toHaveAttribute('data-nr-theme', 'dark');
  // Before any of the reader's code: the layout's boot script applies them as the text is parsed.
  await page.route(/\/_astro\/(?!theme-boot\.)[^/]+\.js$/, (route) => route.abort());
  await page.reload();
  await expect(article(page)).toHaveAttribute('data-nr-theme', 'dark');
  await expect(page.locator('[data-novel-reader][data-ready]')).toHaveCount(0);
  await context.close();
});

test("the novel reader's own JavaScript stays under 15 KB gzipped", async ({ page, request }) => {
  const scripts = async (url: string) => {
    const loaded = new Set<string>();
    const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script') loaded.add(response.url());
    };
    page.on('response', listener);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    return loaded;
  };
  await openFirstChapter(page);
  const chapterUrl = page.url();
  await page.getByRole('link', { name: 'العودة إلى العمل' }).click();
  const seriesUrl = page.url();
  // Shared with the rest of the site (React, the API client, the comments island): the series page
  // loads them too. What only the reader loads is its own.
  const shared = await scripts(seriesUrl);
  await page.evaluate(() => document.querySelector('[data-novel-reader]')?.scrollIntoView());
  const reader = await scripts(chapterUrl);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  let own = 0;
  const files: Record<string, number> = {};
  for (const url of reader) {
    if (shared.has(url)) continue;
    const body = await (
      await request.get(url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${edge.port}`), {
        headers: { host: new URL(url).host },
      })
    ).body();
    const size = gzipSync(body, { level: 9 }).length;
    files[new URL(url).pathname] = size;
    own += size;
  }
  test
    .info()
    .annotations.push({ type: 'novel-reader-js-gzip-bytes', description: JSON.stringify({ own, files }) });
  console.log(`novel reader's own JS: ${own} bytes gzipped`, files);
  expect(own).toBeGreaterThan(0);
  expect(own).toBeLessThan(JS_BUDGET_BYTES);
});

test('screenshots of the novel reader in light, sepia and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await openFirstChapter(page);
  for (const theme of ['light', 'sepia', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('warraq:novel-reader', JSON.stringify({ theme: value }));
    }, theme);
    await page.reload();
    await expect(article(page)).toHaveAttribute('data-nr-theme', theme);
    await shoot(page, `novel-reader-${theme}`);
    // The full page is a whole chapter long: the first screen, as a reader opens it, is shot too.
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The sidebar slides between drawer and column as the width crosses its breakpoint.
      await animationsSettled(page, `novel reader ${theme} at ${width}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}/novel-reader-${theme}-screen-${width}.png` });
      await page.getByRole('heading', { name: 'التعليقات' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/novel-reader-${theme}-end-${width}.png` });
    }
  }
});
