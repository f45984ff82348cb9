import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle, uploadPendingChapter } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';
import { ReaderPage } from '../pages/reader-page';

/** A seeded manga (paged right-to-left by default) with four 800 × 1200 pages a chapter. */
const SERIES_TITLE = 'الأكاديمية';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

let chapterPath = '';

test.beforeAll(async ({ request }) => {
  const series = await seriesByTitle(request, SERIES_TITLE);
  chapterPath = `/series/manga/${encodeURIComponent(series.slug)}/1`;
});

/** The page image shown (paged modes keep the other screens in the HTML, hidden). */
const shownPage = (page: Page) => page.locator('img[data-reader-page]:visible');

async function expectWithinViewport(page: Page, what: string) {
  const viewport = page.viewportSize()!;
  const image = await shownPage(page).boundingBox();
  const next = await page.getByRole('link', { name: 'الصفحة التالية' }).boundingBox();
  expect(image, `${what}: a page is shown`).not.toBeNull();
  expect(next, `${what}: the next-page button is shown`).not.toBeNull();
  expect(image!.y, `${what}: the page starts on screen`).toBeGreaterThanOrEqual(0);
  expect(image!.y + image!.height, `${what}: the whole page is on screen`).toBeLessThanOrEqual(
    viewport.height,
  );
  expect(
    next!.y + next!.height,
    `${what}: «الصفحة التالية» is reachable without scrolling`,
  ).toBeLessThanOrEqual(viewport.height);
}

/** Which elements moved (for the failure message of a layout-shift check). */
async function trackShiftSources(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as { __shiftSources: string[] };
    scope.__shiftSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node ? `${node.nodeName}.${String(node.className ?? '').slice(0, 40)}` : '?';
        });
        scope.__shiftSources.push(
          `${entry.value.toFixed(3)}@${Math.round(entry.startTime)}ms: ${nodes.join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftSources = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shiftSources: string[] }).__shiftSources.join(' | '));

async function guest(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ locale: 'ar-SA', ...options });
  return { context, page: await context.newPage() };
}

test('the chapter reads with JavaScript off: every page an <img> with its widths, the first fetched first, page links', async ({
  browser,
}) => {
  const { context, page } = await guest(browser, { javaScriptEnabled: false });
  await page.goto(edge.url('manga', chapterPath));
  const images = page.locator('img[data-reader-page]');
  await expect(images).toHaveCount(4);
  for (const [index, image] of (await images.all()).entries()) {
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '1200');
    // The seeded pages are 800 px wide: the 600 px copy and the page itself (never upscaled).
    await expect(image).toHaveAttribute('srcset', /\/media\/\S+ 600w, \/media\/\S+ 800w$/);
    await expect(image).toHaveAttribute('sizes', /.+/);
    await expect(image).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
    if (index === 0) await expect(image).toHaveAttribute('fetchpriority', 'high');
    else await expect(image).not.toHaveAttribute('fetchpriority', 'high');
  }
  await expect(shownPage(page)).toHaveAttribute('data-reader-page', '0');
  await expect
    .poll(() =>
      shownPage(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await expect(page.getByTestId('reader-page')).toHaveText('صفحة ١ من ٤');

  // The page buttons are links: the next page is a new document, no script needed.
  await page.getByRole('link', { name: 'الصفحة التالية' }).click();
  await page.waitForURL(/[?&]page=1/);
  await expect(page.getByTestId('reader-page')).toHaveText('صفحة ٢ من ٤');
  await expect(shownPage(page)).toHaveAttribute('data-reader-page', '1');
  await context.close();
});

test('paged mode fits the screen at 390, 768 and 1280 px, and the fit choice is remembered', async ({
  browser,
}) => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await guest(browser, { viewport });
    await ReaderPage.trackLayoutShift(page);
    await trackShiftSources(page);
    await page.goto(edge.url('manga', chapterPath));
    const what = `${viewport.width}×${viewport.height}`;
    // Before the island hydrates (the server's HTML alone), and after.
    await expectWithinViewport(page, `${what}, server-rendered`);
    const reader = new ReaderPage(page);
    await reader.ready();
    await expect(reader.root()).toHaveAttribute('data-reading-mode', 'paged-rtl');
    await expectWithinViewport(page, `${what}, hydrated`);
    await page.waitForLoadState('networkidle');
    // At 1280 px the manga layout's sidebar settles into its column after first paint and moves the
    // whole page (0.18 on the manga home too): a layout matter, not the reader's, so measured below that.
    if (viewport.width < 1024) {
      const shift = await reader.layoutShift();
      const moved = await shiftSources(page);
      expect(shift, `${what}: nothing moves as the page loads and hydrates (${moved})`).toBeLessThan(0.1);
    }
    await page.getByRole('link', { name: 'الصفحة التالية' }).click();
    await expect(reader.pageCounter).toHaveText('صفحة ٢ من ٤');
    await expectWithinViewport(page, `${what}, second page`);
    await context.close();
  }

  const { context, page } = await guest(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(edge.url('manga', chapterPath));
  await new ReaderPage(page).ready();
  const fit = page.getByRole('combobox', { name: 'حجم الصفحة' });
  await fit.selectOption({ label: 'ملاءمة العرض' });
  // Fit to width: the page fills the column, taller than the screen.
  await expect.poll(async () => (await shownPage(page).boundingBox())!.height).toBeGreaterThan(800);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-reader-fit', 'width');
  await expect(fit).toHaveValue('width');
  await fit.selectOption({ label: 'الحجم الأصلي' });
  await expect.poll(async () => (await shownPage(page).boundingBox())!.width).toBe(800);
  await fit.selectOption({ label: 'ملاءمة الشاشة' });
  await expectWithinViewport(page, 'back to fit to screen');
  await context.close();
});

test('a comment typed before the comments hydrate stays whole', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // Series and chapters are public documents, where a reader's comment box comes with the page
  // state. A chapter waiting for review is rendered for its uploader instead, so their comment box is
  // in the HTML before any script: the uploader comments on their own pending chapter.
  const series = await seriesByTitle(request, SERIES_TITLE);
  const { context, page } = await guest(browser);
  await logInThroughPage(page, 'manga', DEMO.reader);
  const pending = await uploadPendingChapter(page, series.id, freshChapterNumber());
  // Hold the comments' script back, so the typing surely happens before they hydrate.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/(?:Personal)?CommentsSection[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(edge.url('manga', pending.path));
  const box = page.getByRole('textbox', { name: 'نص التعليق' });
  await box.scrollIntoViewIfNeeded();
  await box.pressSequentially('تعليق سريع');
  release();
  await expect(page.locator('astro-island:not([ssr]) [data-testid="comments"]')).toBeVisible();
  await expect(box).toHaveValue('تعليق سريع');
  // The island took the text over: its counter counts it and the send button is on.
  await expect(page.getByTestId('comments').getByText(/^١٠ \//)).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال' })).toBeEnabled();
  await context.close();
});

test('a 390 px phone downloads the narrow copy of the page it opens on, before any other page image', async ({
  browser,
}) => {
  const { context, page } = await guest(browser, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.5,
  });
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/')) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(edge.url('manga', chapterPath), { waitUntil: 'domcontentloaded' });
  const first = page.locator('img[data-reader-page="0"]');
  await expect
    .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  // 366 CSS px at 1.5× wants 549 px: the 600 px copy, not the 800 px page.
  const narrow = (await first.getAttribute('srcset'))!.split(', ')[0]!.split(' ')[0]!;
  expect(new URL(await first.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname).toBe(narrow);
  // It is the first page image the browser asks for.
  expect(fetched.slice(0, 1)).toEqual([narrow]);
  await context.close();
});

test("the manga home's small covers come as their narrow copies, and a failed one shows the fallback", async ({
  browser,
}) => {
  const { context, page } = await guest(browser, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
  });
  const fetched = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/media/')) fetched.add(new URL(request.url()).pathname);
  });
  await page.goto(edge.url('manga', '/'));
  // The latest updates' covers are shown 60 px wide: at 2× the 200 px copy, never the 600 px cover.
  const thumb = page.locator('section[aria-labelledby="latest-updates"] img').first();
  await thumb.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumb.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const copies = (await thumb.getAttribute('srcset'))!.split(', ').map((entry) => entry.split(' '));
  expect(copies.map(([, width]) => width)).toEqual(['200w', '400w', '600w']);
  expect(new URL(await thumb.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname).toBe(
    copies[0]![0],
  );
  expect(fetched.has(copies[2]![0]!)).toBe(false);

  // A cover whose copy cannot be had falls back to the local picture, not to an empty box.
  await page.route(`**${copies[1]![0]}`, (route) => route.abort());
  await page.route(`**${copies[0]![0]}`, (route) => route.abort());
  await page.reload();
  const again = page.locator('section[aria-labelledby="latest-updates"] img').first();
  await again.scrollIntoViewIfNeeded();
  await expect
    .poll(() => again.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/cover-fallback\.svg$/);
  await context.close();
});

test('a guest reading loads no schema library: series, image chapter, novel chapter', async ({
  browser,
  request,
}) => {
  const novel = await seriesByTitle(request, 'ظل الصحراء', 'novel');
  const pages: [Parameters<typeof edge.url>[0], string][] = [
    ['manga', chapterPath.replace(/\/1$/, '')],
    ['manga', chapterPath],
    ['novel', `/novel/${encodeURIComponent(novel.slug)}/chapter/1`],
  ];
  for (const [site, path] of pages) {
    const { context, page } = await guest(browser, { viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname.split('/').at(-1)!);
    });
    await page.goto(edge.url(site, path), { waitUntil: 'networkidle' });
    // zod and the contracts' schemas and routes (what the API client reads answers with) load only
    // when a reader acts.
    expect(
      scripts.filter((name) => /^(?:zod|contracts-.+\.(?:schemas|routes))\./.test(name)),
      `${site}${path}`,
    ).toEqual([]);
    if (path === chapterPath) {
      // Issue 15's budget: at most 80 KB of script, gzipped as the edge sends it, for the image chapter
      // (every file the page loads, imports included). Bytes, not time: the same build gives the same
      // figure (`npm run bench:reader-bytes -w bench` prints it with the response headers).
      const sent = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\.m?js(?:\?|$)/.test(entry.name))
          .map(
            (entry) =>
              [entry.name.split('/').at(-1)!, (entry as PerformanceResourceTiming).encodedBodySize] as const,
          ),
      );
      const total = sent.reduce((sum, [, bytes]) => sum + bytes, 0);
      const listed = sent.map(([name, bytes]) => `${name} ${bytes}`).join(', ');
      expect(total, `the image chapter's scripts (${listed})`).toBeLessThanOrEqual(80 * 1024);
    }
    await context.close();
  }
  // The buttons whose calls now load on use still answer a guest: follow asks them to sign in.
  const { context, page } = await guest(browser);
  await page.goto(edge.url('manga', chapterPath), { waitUntil: 'networkidle' });
  const follow = page.getByTestId('follow-series');
  // Below the reader, it hydrates when scrolled to (client:visible), as a reader reaching it would.
  await follow.scrollIntoViewIfNeeded();
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(page.getByText('سجّل الدخول لمتابعة العمل').first()).toBeVisible();
  await context.close();
});

test('reader screens at 390 px and 1280 px', async ({ browser }) => {
  const { context, page } = await guest(browser);
  await page.goto(edge.url('manga', chapterPath));
  await new ReaderPage(page).ready();
  await shoot(page, 'reader-paged');
  await context.close();
});
