import { expect, test, type Locator } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle } from '../fixtures/catalogue';
import { PAGE_WIDTH, pageHeight, pageImage, shuffledPagesZip } from '../fixtures/chapter-pages';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';
import { ChapterFormPage } from '../pages/chapter-form-page';
import { ReaderPage } from '../pages/reader-page';

const arabicNumber = new Intl.NumberFormat('ar-SA');

/** The height-to-width ratio of each reader page, in the order the reader shows them. */
async function pageShapes(pages: Locator): Promise<number[]> {
  return pages.evaluateAll((images) =>
    images.map((image) => Number(image.getAttribute('height')) / Number(image.getAttribute('width'))),
  );
}

/** Page n of the fixtures has its own shape: the reader's pages must be pages 1..count in order. */
function expectReadingOrder(shapes: number[], count: number) {
  expect(shapes).toHaveLength(count);
  shapes.forEach((shape, index) => {
    const expected = pageHeight(index + 1) / PAGE_WIDTH;
    // Neighbouring pages differ by 0.0125; resizing to the reader's widths moves a ratio far less.
    expect(Math.abs(shape - expected), `page ${index + 1} is out of place`).toBeLessThan(0.004);
  });
}

function expectRisingTo100(values: number[], what: string) {
  expect(values.length, `${what} was never shown`).toBeGreaterThan(0);
  expect(
    values.some((value) => value > 0 && value < 100),
    `${what} jumped straight to the end: ${values.join(', ')}`,
  ).toBe(true);
  expect(values.at(-1), `${what} did not reach the end`).toBe(100);
  values.forEach((value, index) => {
    if (index > 0)
      expect(value, `${what} went backwards: ${values.join(', ')}`).toBeGreaterThanOrEqual(
        values[index - 1] ?? 0,
      );
  });
}

test('a guest of the add-chapter form is asked to log in and comes back to the form', async ({
  page,
  request,
}) => {
  const series = await seriesByTitle(request, 'سيف القمر الأخير');
  await page.goto(edge.url('manga', `/create/chapter?manga=${series.id}`));
  await page.waitForURL(/\/auth\/login\?/);
  await expect(page.getByText('يرجى تسجيل الدخول', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('يجب تسجيل الدخول لإضافة فصل جديد.').first()).toBeVisible();

  await page.getByLabel('اسم المستخدم').fill(DEMO.reader.username);
  await page.getByLabel('كلمة المرور').fill(DEMO.reader.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL(/\/create\/chapter\?/);
  const form = new ChapterFormPage(page);
  await form.ready();
  await expect(form.mangaSelect()).toHaveValue(String(series.id));
});

test('an uploader adds a 40-page zip with shuffled names, watches it upload and process, reads it in order, and a moderator sees it pending', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const series = await seriesByTitle(request, 'سيف القمر الأخير');
  // The demo reader: registrations are limited per address and hour, and the suite needs its share.
  await logInThroughPage(page, 'manga', DEMO.reader);

  // From the series page, whose "add chapter" link preselects the series.
  await page.goto(edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`));
  await page.getByRole('main').getByRole('link', { name: 'إضافة فصل' }).click();
  await page.waitForURL(/\/create\/chapter\?/);
  const form = new ChapterFormPage(page);
  await form.ready();
  await expect(form.mangaSelect()).toHaveValue(String(series.id));

  const number = freshChapterNumber();
  await form.chapterNumber.fill(String(number));
  await expect(form.title).toHaveValue(
    `الفصل ${new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 2, useGrouping: false }).format(number)}`,
  );

  const zip = await shuffledPagesZip(40, number * 100);
  expect(zip.order.slice(0, 3), 'the zip is stored out of order').not.toEqual(['p1.png', 'p2.png', 'p3.png']);
  await form.chooseMethod('ملف مضغوط');
  await form.fileInput('ملف مضغوط').setInputFiles({
    name: 'chapter.zip',
    mimeType: 'application/zip',
    buffer: zip.buffer,
  });
  await expect(form.fileRow('chapter.zip')).toContainText('جاهز للرفع');
  // Spec §5: before processing, a zip's page count is its size over 100 KB, rounded up.
  await expect(form.pageCount).toHaveValue(arabicNumber.format(Math.ceil(zip.buffer.length / (100 * 1024))));

  const log = await form.recordProgress();
  const unthrottle = await form.throttleUploads(256 * 1024);
  await form.submit.click();
  await expect(form.uploadBar).toBeVisible();
  await expect(form.fileRow('chapter.zip')).toContainText('جارٍ الرفع');
  await expect(form.processingBar).toBeVisible({ timeout: 60_000 });
  await unthrottle();
  await expect(form.fileRow('chapter.zip')).toContainText('تم الرفع');
  await expect(page.getByText('تم إضافة الفصل بنجاح').first()).toBeVisible({ timeout: 120_000 });
  await page.waitForURL(/\/series\/manga\/[^/]+\/[\d.]+/);
  expectRisingTo100(log.upload, 'the upload bar');
  expectRisingTo100(log.processing, 'the processing bar');

  // The chapter is the uploader's to read while it waits for review, every page in natural order.
  const reader = new ReaderPage(page);
  await expect(reader.heading).toContainText(
    new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 2, useGrouping: false }).format(number),
  );
  await expect(page.getByText('بانتظار المراجعة').first()).toBeVisible();
  await reader.chooseMode('شريط عمودي');
  const pages = page.locator('img[data-reader-page]');
  await expect(pages).toHaveCount(40);
  expectReadingOrder(await pageShapes(pages), 40);
  await pages.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() => pages.last().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const chapterUrl = page.url();
  const variant = new URL(chapterUrl).searchParams.get('variant');
  expect(variant).toMatch(/^\d+$/);
  // The series page is one cached document for everyone, approved chapters only; the uploader's
  // pending chapter is added to its list, marked pending, from their page state.
  const seriesUrl = edge.url('manga', `/series/manga/${encodeURIComponent(series.slug)}`);
  const pendingRow = (viewer: typeof page) => viewer.locator(`a[href*="variant=${variant}"]`);
  await page.goto(seriesUrl);
  await expect(pendingRow(page)).toContainText('بانتظار المراجعة');
  await expect(pendingRow(page)).toContainText(
    new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 2, useGrouping: false }).format(number),
  );

  // A moderator sees it, marked pending, in the reader and in the series' chapter list.
  const moderatorContext = await browser.newContext({ locale: 'ar-SA' });
  const moderator = await moderatorContext.newPage();
  await logInThroughPage(moderator, 'manga', DEMO.moderator);
  await moderator.goto(chapterUrl);
  await expect(moderator.getByText('بانتظار المراجعة').first()).toBeVisible();
  await new ReaderPage(moderator).chooseMode('شريط عمودي');
  await expect(moderator.locator('img[data-reader-page]')).toHaveCount(40);
  await moderator.goto(seriesUrl);
  await expect(pendingRow(moderator)).toContainText('بانتظار المراجعة');
  await pendingRow(moderator).scrollIntoViewIfNeeded();
  await shoot(moderator, 'series-pending-chapter-moderator');
  await moderatorContext.close();

  // Nobody else does until it is approved: not in the reader, not in the list (a reader's page state
  // brings no one else's pending chapter: page-state.int-spec.ts).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const answer = await guest.goto(chapterUrl);
  expect(answer?.status()).toBe(404);
  await guest.goto(seriesUrl);
  await expect(guest.locator('[data-chapter-list] a').first()).toBeVisible();
  await expect(pendingRow(guest)).toHaveCount(0);
  await guestContext.close();
});

test('images upload with their own progress and previews; a file that is not an image gets the server’s refusal; a busy queue is retried', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The demo reader: registrations are limited per address and hour, and the suite needs its share.
  await logInThroughPage(page, 'manga', DEMO.reader);
  const form = new ChapterFormPage(page);
  await form.goto();
  await expect(form.mangaSelect().getByRole('option')).not.toHaveCount(1);
  await shoot(page, 'create-chapter-empty');

  // The select is filled from the catalogue and narrowed by the search box.
  const title = 'مقهى على حافة العالم';
  await page.getByRole('searchbox', { name: 'ابحث في قائمة المانجا' }).fill('مقهى');
  await expect(form.mangaSelect().getByRole('option', { name: title })).toBeAttached();
  await form.mangaSelect().selectOption({ label: title });
  const number = freshChapterNumber();
  await form.chapterNumber.fill(String(number));
  await form.title.fill('لقاء عند الفجر');
  await form.chapterNumber.fill(String(number + 1));
  await expect(form.title, 'a title the uploader wrote stays').toHaveValue('لقاء عند الفجر');

  const images = await Promise.all(
    [3, 1, 2].map(async (n) => ({
      name: `${n}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await pageImage(n, { format: 'jpeg', grain: true }),
    })),
  );
  const impostor = {
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a page '.repeat(400)),
  };
  await form.fileInput('صور').setInputFiles([...images, impostor]);
  // Reading order is the natural order of the names, whatever order they were picked in.
  await expect(form.fileList.getByRole('listitem')).toHaveCount(4);
  await expect(form.fileList.getByRole('listitem').first()).toContainText('1.jpg');
  await expect(form.fileList.getByRole('listitem').last()).toContainText('notes.png');
  await expect(form.previews).toHaveCount(4);
  await expect(form.pageCount).toHaveValue('٤');

  const log = await form.recordProgress();
  const unthrottle = await form.throttleUploads(192 * 1024);
  await form.submit.click();
  await expect(form.fileRow('1.jpg')).toContainText('جارٍ الرفع');
  await shoot(page, 'create-chapter-uploading', { settle: false });
  await unthrottle();

  const refused = form.fileRow('notes.png');
  await expect(refused).toHaveAttribute('data-file-status', 'error', { timeout: 60_000 });
  // The server sniffed the bytes on arrival and refused them; sending them again cannot help.
  await expect(refused).toContainText('ملفات غير صالحة: يُقبل JPG وPNG وWebP فقط');
  await expect(refused.getByRole('button', { name: 'إعادة رفع notes.png' })).toHaveCount(0);
  for (const name of ['1.jpg', '2.jpg', '3.jpg']) {
    await expect(form.fileRow(name)).toHaveAttribute('data-file-status', 'success');
    expectRisingTo100(log.files[`تقدم رفع ${name}`] ?? [], `${name}'s bar`);
  }
  await expect(form.pageCount).toHaveValue('٣');
  await shoot(page, 'create-chapter-failure');

  // The refused file goes; the others are declared again and sent. The queue is busy once (503):
  // the uploader is told, nothing is lost, and the retry button carries on.
  await page.getByRole('button', { name: 'إزالة notes.png' }).click();
  await expect(form.fileList.getByRole('listitem')).toHaveCount(3);
  await expect(form.fileRow('1.jpg')).toContainText('جاهز للرفع');
  let refusedOnce = false;
  await page.route('**/api/manga/chapters/uploads/*/commit', async (route) => {
    if (refusedOnce) return route.continue();
    refusedOnce = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        statusCode: 503,
        message: 'خدمة المعالجة غير متاحة مؤقتًا، يرجى المحاولة بعد قليل',
      }),
    });
  });
  await form.submit.click();
  const busy = page.getByRole('alert').filter({ hasText: 'تعذر بدء معالجة الفصل' });
  await expect(busy).toContainText('خدمة المعالجة غير متاحة مؤقتًا');
  for (const name of ['1.jpg', '2.jpg', '3.jpg']) await expect(form.fileRow(name)).toContainText('تم الرفع');
  await busy.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await page.waitForURL(/\/series\/manga\/[^/]+\/[\d.]+/, { timeout: 120_000 });

  const reader = new ReaderPage(page);
  await expect(reader.heading).toContainText('لقاء عند الفجر');
  await reader.chooseMode('شريط عمودي');
  const pages = page.locator('img[data-reader-page]');
  await expect(pages).toHaveCount(3);
  expectReadingOrder(await pageShapes(pages), 3);
});
