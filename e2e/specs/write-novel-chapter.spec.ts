import { expect, test } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { freshChapterNumber, seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';
import { ChapterFormPage } from '../pages/chapter-form-page';
import { ContentPage } from '../pages/content-page';

const NOVEL = 'ظل الصحراء';
const TYPED = 'خرجت القافلة قبل الفجر، والرمل ما زال باردًا تحت الأقدام.';
const PASTED = 'قال الدليل إن الطريق إلى الواحة أطول مما يبدو على الخريطة.';
/** What Word puts on the clipboard for one paragraph with a bold word (trimmed to what matters). */
const WORD_CLIPBOARD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head>
<body lang=AR-SA><!--StartFragment--><p class=MsoNormal dir=RTL><span lang=AR-SA style='font-family:"Arial",sans-serif'>${PASTED}</span><o:p></o:p></p>
<p class=MsoNormal dir=RTL><b><span lang=AR-SA>ثم صمت.</span></b><script>document.title='pwned'</script></p><!--EndFragment--></body></html>`;

test('an author writes a novel chapter in the editor (with a paste from Word), a moderator approves it, a guest reads it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const series = await seriesByTitle(request, NOVEL, 'novel');
  const chapterNumber = freshChapterNumber();
  await logInThroughPage(page, 'manga', DEMO.reader);

  // A novel turns the form from pages to text.
  await page.goto(edge.url('novel', `/create/chapter?manga=${series.id}`));
  const form = new ChapterFormPage(page);
  await form.ready();
  await expect(page.getByRole('radio', { name: 'صور' })).toHaveCount(0);
  const editor = page.getByRole('textbox', { name: 'نص الفصل' });
  await expect(editor).toBeVisible();
  await expect(page.getByText(/^لا كلمات · /)).toBeVisible();

  await form.chapterNumber.fill(String(chapterNumber));
  await editor.click();
  await page.keyboard.type(TYPED);
  await page.keyboard.press('Enter');
  // A paste from a word processor: its paragraphs and bold kept, its script never run.
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'plain fallback');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, WORD_CLIPBOARD);
  await expect(editor.locator('p', { hasText: PASTED })).toBeVisible();
  await expect(editor.locator('strong', { hasText: 'ثم صمت.' })).toBeVisible();
  await expect(editor).not.toContainText('plain fallback');
  expect(await page.title()).not.toBe('pwned');
  // Live count: 10 typed words, 11 pasted, 2 bold ones.
  await expect(page.getByText(/^٢٣ كلمة · نحو دقيقة قراءة$/)).toBeVisible();
  await shoot(page, 'create-chapter-novel-text');

  await form.submit.click();
  await page.waitForURL(/\/series\/|\/novel\//);
  const chapterUrl = page.url();
  await expect(page.getByText(TYPED)).toBeVisible();

  // A moderator approves it from /content.
  const modContext = await browser.newContext({ locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  const moderator = await modContext.newPage();
  await logInThroughPage(moderator, 'dashboard', DEMO.moderator);
  const content = new ContentPage(moderator);
  await content.goto();
  const title = `${NOVEL} — الفصل ${new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 2, useGrouping: false }).format(chapterNumber)}`;
  await content.search(title);
  await content.act(title, 'قبول');
  await expect(moderator.getByText('تم قبول المحتوى').first()).toBeVisible();
  await modContext.close();

  // A guest reads the same text.
  const guestContext = await browser.newContext({ locale: 'ar-SA' });
  const guest = await guestContext.newPage();
  await guest.goto(chapterUrl);
  await expect(guest.getByText(TYPED)).toBeVisible();
  await expect(guest.getByText(PASTED)).toBeVisible();
  await expect(guest.getByText('ثم صمت.')).toBeVisible();
  await guestContext.close();
});

test('a chapter file (.txt) is read by the worker into the editor to review, and a refused one says why', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const series = await seriesByTitle(request, NOVEL, 'novel');
  await logInThroughPage(page, 'manga', DEMO.reader);
  await page.goto(edge.url('novel', `/create/chapter?manga=${series.id}`));
  await new ChapterFormPage(page).ready();
  const editor = page.getByRole('textbox', { name: 'نص الفصل' });
  const file = page.getByLabel('استيراد من ملف');

  await file.setInputFiles({
    name: 'الفصل.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('وصلت القافلة إلى *الواحة* مع الغروب.\n\n* * *\n\n«هل من أحد هنا؟»\n', 'utf8'),
  });
  await expect(page.getByText('تمت قراءة «الفصل.txt»؛ راجع النص قبل الإرسال.')).toBeVisible();
  await expect(editor.locator('em', { hasText: 'الواحة' })).toBeVisible();
  await expect(editor.locator('hr')).toHaveCount(1);
  await expect(editor).toContainText('«هل من أحد هنا؟»');
  await expect(page.getByText(/^١٠ كلمات/)).toBeVisible();

  // A refusal keeps what the editor holds and says why, in Arabic.
  // Replacing written text asks first, in the site's own dialog; cancelling keeps the text untouched.
  const notAZip = {
    name: 'chapter.docx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('not a zip'),
  };
  await file.setInputFiles(notAZip);
  const replace = page.getByRole('dialog', { name: 'استبدال نص المحرر؟' });
  await replace.getByRole('button', { name: 'إلغاء' }).click();
  await expect(replace).toBeHidden();
  await expect(editor.locator('em', { hasText: 'الواحة' })).toBeVisible();
  await file.setInputFiles(notAZip);
  await replace.getByRole('button', { name: 'استبدل النص' }).click();
  await expect(
    page.getByText(/تعذّر استيراد الملف: الملف «chapter\.docx» ليس مستند وورد صالحًا/),
  ).toBeVisible();
  await expect(editor.locator('em', { hasText: 'الواحة' })).toBeVisible();
});
