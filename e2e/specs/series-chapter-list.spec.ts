import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { HtmlChecker } from '../fixtures/html-checker';
import { seriesByTitle } from '../fixtures/catalogue';
import { pageApi } from '../fixtures/page-api';
import { DEMO, edge } from '../fixtures/stack';

// A series' chapter list carries its first ten chapter numbers; the rest come ten at a time as the
// reader asks (the button, or scrolling to the end of the list), and all at once without script.
// Before, every group was in the page, hidden: 2.5 MB of HTML for a series of 1,500 chapters.

const CHAPTERS = 23;
/** Served from the edge's copy (a query string's: its cache, fresh or refreshed in the background). */
const FROM_CACHE = ['HIT', 'STALE'];
const SHORT_SCREEN = { width: 390, height: 600 };
const arabic = (n: number) => new Intl.NumberFormat('ar-SA', { useGrouping: false }).format(n);

/** A novel of `CHAPTERS` approved text chapters, made through the API with the moderator's session. */
async function longNovel(moderator: Page): Promise<{ slug: string; seriesId: number }> {
  const title = `رواية طويلة ${Date.now()}`;
  const created = await pageApi<{ id: number; slug: string; moderationStatus: string }>(
    moderator,
    'POST',
    '/api/content',
    {
      title,
      description: 'رواية تجريبية بفصول كثيرة لاختبار قائمة الفصول.',
      type: 'novel',
      metadata: { author: 'كاتب الاختبار', year: 2026 },
    },
  );
  if (created.moderationStatus !== 'approved') {
    await pageApi(moderator, 'PUT', `/api/content/${created.id}/approve?contentType=series`, {});
  }
  for (let n = 1; n <= CHAPTERS; n += 1) {
    const { chapter } = await writeChapter(moderator, created.id, n);
    await pageApi(moderator, 'PUT', `/api/content/${chapter.id}/approve?contentType=chapter`, {});
  }
  return { slug: created.slug, seriesId: created.id };
}

function writeChapter(moderator: Page, seriesId: number, chapterNumber: number, language = 'AR') {
  return pageApi<{ chapter: { id: number } }>(moderator, 'POST', '/api/manga/chapters/text', {
    seriesId,
    chapterNumber,
    language,
    text: { version: 1, blocks: [{ type: 'paragraph', runs: [{ text: `نص الفصل ${chapterNumber}` }] }] },
  });
}

const groups = (page: Page): Locator => page.locator('[data-chapter-groups] > [data-chapter-group]');

async function headings(page: Page): Promise<string[]> {
  return groups(page).locator('h3').allInnerTexts();
}

const headingsFor = (numbers: readonly number[]) => numbers.map((n) => `الفصل ${arabic(n)}`);
const descending = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => from - index);

test('a long series lists ten chapters, then ten more by the button and the rest by scrolling; without script, a link shows them all', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await browser.newContext({ viewport: SHORT_SCREEN });
  const moderator = await staff.newPage();
  await logInThroughPage(moderator, 'novel', DEMO.moderator);
  const { slug, seriesId } = await longNovel(moderator);
  const seriesUrl = edge.url('novel', `/novel/${encodeURIComponent(slug)}`);

  // A short screen keeps the end of the list out of sight until the test scrolls to it.
  const guestContext = await browser.newContext({ viewport: SHORT_SCREEN });
  const guest = await guestContext.newPage();
  const page = await guest.goto(seriesUrl);
  expect(page?.status()).toBe(200);
  // The page itself holds ten chapter numbers and no more (0 is its template's).
  const numbers = [...(await page!.text()).matchAll(/data-chapter-number="([\d.]+)"/g)].map(([, n]) => n);
  expect(numbers.filter((n) => n !== '0')).toEqual(descending(CHAPTERS, CHAPTERS - 9).map(String));
  expect(await headings(guest)).toEqual(headingsFor(descending(CHAPTERS, CHAPTERS - 9)));

  const more = guest.getByRole('button', { name: 'عرض المزيد من الفصول' });
  await more.click();
  await expect(groups(guest)).toHaveCount(20);
  expect(await headings(guest)).toEqual(headingsFor(descending(CHAPTERS, CHAPTERS - 19)));
  // The added chapters are links like the first ones.
  await expect(guest.getByRole('link', { name: /الفصل ١٣/ })).toHaveAttribute(
    'href',
    /\/novel\/.+\/chapter\/13\?variant=\d+$/,
  );

  // Valid and accessible with its button and with chapters added by script (the sweeps' demo series
  // are too short to have either).
  const { violations } = await new AxeBuilder({ page: guest }).analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  const checker = await HtmlChecker.start();
  try {
    expect(await checker.errors(await page!.text())).toEqual([]);
    const whole = await guest.request.get(
      `http://127.0.0.1:${edge.port}/novel/${encodeURIComponent(slug)}?chapters=all`,
      { headers: { host: edge.host('novel') } },
    );
    expect(whole.status()).toBe(200);
    expect(await checker.errors(await whole.text())).toEqual([]);
  } finally {
    checker.stop();
  }

  // Scrolling to the end of the list brings the last three, and the button goes.
  await more.scrollIntoViewIfNeeded();
  await expect(groups(guest)).toHaveCount(CHAPTERS);
  expect(await headings(guest)).toEqual(headingsFor(descending(CHAPTERS, 1)));
  await expect(more).toHaveCount(0);
  await guestContext.close();

  // Without script: no button that would do nothing, a link to the whole list instead.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(seriesUrl);
  await expect(groups(plain)).toHaveCount(10);
  await expect(plain.getByRole('button', { name: 'عرض المزيد من الفصول' })).toBeHidden();
  await plain.getByRole('link', { name: 'عرض كل الفصول' }).click();
  await expect(groups(plain)).toHaveCount(CHAPTERS);
  await expect(plain.getByRole('link', { name: 'عرض كل الفصول' })).toHaveCount(0);
  await noScript.close();

  // A chapter's own list offers the chapters around it (fifteen either side), the first and the last,
  // and a link to them all on the series page.
  const reader = await browser.newPage();
  await reader.goto(edge.url('novel', `/novel/${encodeURIComponent(slug)}/chapter/1`));
  await reader.getByText('قائمة الفصول').first().click();
  const chapterList = reader.getByRole('navigation', { name: 'قائمة الفصول' }).locator('ol > li');
  await expect(chapterList).toHaveText([
    ...headingsFor([...descending(16, 1).reverse(), CHAPTERS]).map((heading, index) =>
      index === 0 ? `${heading}(الفصل الحالي)` : heading,
    ),
    `كل الفصول (${arabic(CHAPTERS)})`,
  ]);
  await chapterList.getByRole('link', { name: 'الفصل ١٦' }).click();
  await expect(reader).toHaveURL(/\/chapter\/16$/);
  // From chapter 16 every chapter is within reach: the whole list and no link.
  await reader.getByText('قائمة الفصول').first().click();
  await expect(chapterList).toHaveCount(CHAPTERS);
  // It opens on the open chapter, not on its first entries (chapter 16 is past the box's first screen).
  // (Polled: a list opened before the reader's script has come is centred when it comes.)
  const shown = () =>
    reader
      .getByRole('navigation', { name: 'قائمة الفصول' })
      .locator('ol')
      .evaluate((list) => {
        const box = list.getBoundingClientRect();
        const current = list.querySelector('[aria-current="page"]')!.getBoundingClientRect();
        return current.top >= box.top && current.bottom <= box.bottom && list.scrollTop > 0;
      });
  await expect.poll(shown).toBe(true);
  await reader.goBack();
  await reader.getByText('قائمة الفصول').first().click();
  await chapterList.getByRole('link', { name: /^كل الفصول/ }).click();
  await expect(reader).toHaveURL(/\/novel\/[^/]+#series-panel-chapters$/);
  await expect(groups(reader)).toHaveCount(10);

  // The series page opens a chapter by its number, typed in either digit system.
  const jump = reader.getByRole('textbox', { name: 'انتقل إلى الفصل' });
  const go = reader.getByRole('button', { name: 'اذهب', exact: true });
  await jump.fill('١٥');
  await go.click();
  await expect(reader).toHaveURL(/\/chapter\/15$/);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('الفصل ١٥');
  await reader.goBack();
  // A number the series does not have, and text that is no number, come back with what was wrong.
  await jump.fill('99');
  await go.click();
  await expect(reader.locator('#chapter-jump-problem')).toHaveText('لا يوجد فصل برقم ٩٩ في هذا العمل');
  await expect(jump).toHaveValue('99');
  await expect(jump).toHaveAttribute('aria-invalid', 'true');
  await expect(jump).toBeFocused();
  await jump.fill('الثالث');
  await go.click();
  await expect(reader.locator('#chapter-jump-problem')).toHaveText('اكتب رقم فصل، مثل ١٢ أو ١٢٫٥');
  await reader.close();

  // Staff see the pending chapters too, each in its place once the list reaches it: a new number
  // (2.5) and a second variant of chapter 3, which joins chapter 3's group when it is loaded.
  await writeChapter(moderator, seriesId, 2.5);
  await writeChapter(moderator, seriesId, 3, 'EN');
  await moderator.goto(seriesUrl);
  const moreForStaff = moderator.getByRole('button', { name: 'عرض المزيد من الفصول' });
  await expect(groups(moderator).getByText('بانتظار المراجعة')).toHaveCount(2);
  await moreForStaff.click();
  await expect(groups(moderator)).toHaveCount(20 + 2);
  await moreForStaff.click();
  await expect(moreForStaff).toHaveCount(0);
  await expect(groups(moderator)).toHaveCount(CHAPTERS + 1);
  expect(await headings(moderator)).toEqual(headingsFor([...descending(CHAPTERS, 3), 2.5, 2, 1]));
  const chapterThree = groups(moderator).filter({ has: moderator.getByRole('heading', { name: 'الفصل ٣' }) });
  await expect(chapterThree.locator('[data-chapter-id]')).toHaveCount(2);
  // The reader's controls cover the loaded groups too (the page state came before them).
  await expect(groups(moderator).last().locator('[data-read-controls]')).toBeVisible();
  await staff.close();
});

test('a series answers a chapter asked for by number with that chapter, else its page with the problem', async ({
  request,
}) => {
  const { slug } = await seriesByTitle(request, 'ظل الصحراء', 'novel');
  const series = `/novel/${encodeURIComponent(slug)}`;
  const get = (query: string) =>
    request.get(`http://127.0.0.1:${edge.port}${series}?${query}`, {
      headers: { host: edge.host('novel') },
      maxRedirects: 0,
    });
  const found = await get(`chapter=${encodeURIComponent('٢')}`);
  expect(found.status()).toBe(303);
  expect(found.headers()['location']).toBe(`${series}/chapter/2`);
  const checker = await HtmlChecker.start();
  try {
    for (const [query, status] of [
      ['chapter=999', 404],
      ['chapter=abc', 400],
      [`chapter=${'9'.repeat(5000)}`, 400],
    ] as const) {
      const answer = await get(query);
      expect([query, answer.status()]).toEqual([query, status]);
      // Never kept as the page's public copy.
      expect([query, (answer.headers()['cache-control'] ?? '').includes('public')]).toEqual([query, false]);
      expect(await checker.errors(await answer.text())).toEqual([]);
    }
  } finally {
    checker.stop();
  }
});

test('the list fragment refuses a malformed position and an unknown series', async ({ request }) => {
  const get = (path: string) =>
    request.get(`http://127.0.0.1:${edge.port}${path}`, { headers: { host: edge.host('novel') } });
  for (const before of ['', 'abc', '-1', '1e5', '1234567', '1.234']) {
    expect((await get(`/chapter-groups/x?before=${encodeURIComponent(before)}`)).status(), before).toBe(400);
  }
  expect((await get('/chapter-groups/%D9%84%D8%A7-%D9%8A%D9%88%D8%AC%D8%AF?before=5')).status()).toBe(404);
});

test("the fragment is one copy for everyone, and a series waiting for review is its creator's alone, never stored", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const creator = await context.newPage();
  const account = await registerViaApi(context.request, 'novel');
  await logInThroughPage(creator, 'novel', account);
  const created = await pageApi<{ id: number; slug: string; moderationStatus: string }>(
    creator,
    'POST',
    '/api/content',
    {
      title: `رواية بانتظار المراجعة ${Date.now()}`,
      description: 'رواية قارئ لم تراجع بعد.',
      metadata: { author: 'قارئ', year: 2026 },
      type: 'novel',
    },
  );
  expect(created.moderationStatus).toBe('pending');
  await writeChapter(creator, created.id, 1);
  const path = `/chapter-groups/${encodeURIComponent(created.slug)}?before=5`;
  // Fetched by the creator's own browser, with their session, as the list's script does.
  const asCreator = () =>
    creator.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, text: await answer.text(), cache: answer.headers.get('x-cache') };
    }, path);
  const asGuest = async () => {
    const guest = await browser.newContext();
    const answer = await guest.request.get(`http://127.0.0.1:${edge.port}${path}`, {
      headers: { host: edge.host('novel') },
    });
    const status = answer.status();
    await guest.close();
    return status;
  };
  for (let round = 0; round < 2; round += 1) {
    const own = await asCreator();
    expect(own.status).toBe(200);
    expect(own.text).toContain('الفصل ١');
    expect(FROM_CACHE).not.toContain(own.cache);
    // A guest is not served the creator's copy, and the creator is not served the guest's 404.
    expect(await asGuest()).toBe(404);
  }
  await context.close();
});
