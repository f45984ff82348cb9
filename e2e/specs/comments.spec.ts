import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInThroughPage } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { DEMO, edge } from '../fixtures/stack';
import { CommentsSection } from '../pages/comments-section';

const SERIES_TITLE = 'الأكاديمية';

/** The demo series' page path, found the way the add-chapter form finds it (GET /api/manga?search=). */
async function seriesPath(request: APIRequestContext): Promise<string> {
  const response = await request.get(
    `http://127.0.0.1:${edge.port}/api/manga?search=${encodeURIComponent(SERIES_TITLE)}`,
    { headers: { host: edge.host('manga') } },
  );
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { slug: string; title: string }[] };
  const series = body.data.find((item) => item.title === SERIES_TITLE);
  if (!series) throw new Error(`the demo series ${SERIES_TITLE} is not in the catalogue`);
  return `/series/manga/${encodeURIComponent(series.slug)}`;
}

async function openFirstChapter(page: Page, request: APIRequestContext) {
  await page.goto(edge.url('manga', await seriesPath(request)));
  await page.getByRole('link', { name: /^(ابدأ القراءة|تابع القراءة)/ }).click();
  await page.waitForURL(/\/series\/manga\/[^/]+\/[^/?]+/);
}

// The guest likes the comment the first test left; a failure earlier makes the rest meaningless.
test.describe.configure({ mode: 'serial' });

/** Texts no earlier run wrote, so a reused database cannot answer for this run. */
const stamp = () => Date.now().toString(36);

test('a reader comments on a chapter, replies, edits the reply, likes the comment and deletes the reply', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await logInThroughPage(page, 'manga', DEMO.reader);
  await openFirstChapter(page, request);
  const comments = new CommentsSection(page);
  await comments.ready();

  const send = comments.root.getByRole('button', { name: 'إرسال' });
  await expect(send).toBeDisabled();
  const box = comments.root.getByRole('textbox', { name: 'نص التعليق', exact: true });
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await expect(comments.root.getByText('٣ / ٢٬٠٠٠')).toBeVisible();

  const id = stamp();
  const text = `فصل رائع ${id}\nالسطر الثاني`;
  const countBefore = await comments.count.textContent();
  await comments.add(text);
  await expect(comments.count).not.toHaveText(countBefore ?? '');
  // Line breaks are kept, the time is relative and Arabic.
  const mine = comments.comment(`فصل رائع ${id}`);
  await expect(mine.getByTestId('comment-text')).toHaveText(text);
  await expect(mine.getByTestId('comment-text')).toHaveCSS('white-space', 'pre-wrap');
  await expect(mine.locator('time')).toHaveText(/^(الآن|قبل .+)$/);

  const replyText = `شكرًا ${id}`;
  await comments.reply(`فصل رائع ${id}`, replyText);
  const reply = comments.comment(replyText);
  await expect(reply).toBeVisible();
  // The reply sits inside its parent's list of replies, indented on the inline-start side.
  await expect(page.locator(`li:has(> article:has-text("فصل رائع ${id}")) ol article`)).toContainText(
    replyText,
  );

  await reply.getByRole('button', { name: 'تعديل' }).click();
  const editBox = reply.getByRole('textbox', { name: 'تعديل نص التعليق' });
  await expect(editBox).toHaveValue(replyText);
  await editBox.fill(`${replyText} (بعد التعديل)`);
  await reply.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم تعديل التعليق بنجاح').first()).toBeVisible();
  const edited = comments.comment(`${replyText} (بعد التعديل)`);
  await expect(edited.getByTestId('comment-text')).toHaveText(`${replyText} (بعد التعديل)`);
  await expect(edited).toContainText('(معدّل)');

  await expect(comments.likes(`فصل رائع ${id}`)).toHaveText('٠');
  await comments.likeButton(`فصل رائع ${id}`).click();
  await expect(comments.likes(`فصل رائع ${id}`)).toHaveText('١');
  await expect(comments.likeButton(`فصل رائع ${id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(comments.likeButton(`فصل رائع ${id}`)).toBeEnabled();

  await page.reload();
  await comments.ready();
  await expect(comments.likes(`فصل رائع ${id}`)).toHaveText('١');
  await expect(comments.likeButton(`فصل رائع ${id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(comments.comment(`${replyText} (بعد التعديل)`)).toContainText('(معدّل)');

  await shoot(page, 'comments-reader');

  // Cancelling the confirm keeps the reply; confirming deletes it and the list reloads.
  const editedReply = comments.comment(`${replyText} (بعد التعديل)`);
  await editedReply.getByRole('button', { name: 'حذف' }).click();
  const dialog = page.getByRole('dialog', { name: 'حذف التعليق' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();
  await expect(editedReply).toBeVisible();
  await editedReply.getByRole('button', { name: 'حذف' }).click();
  await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(page.getByText('تم حذف التعليق بنجاح').first()).toBeVisible();
  await expect(editedReply).toBeHidden();
  await expect(comments.comment(`فصل رائع ${id}`)).toBeVisible();
});

test('a guest sees the login message instead of the form, is asked to log in to like, and comes back after logging in', async ({
  page,
  request,
}) => {
  await openFirstChapter(page, request);
  const chapterUrl = page.url();
  const comments = new CommentsSection(page);
  await comments.ready();
  await expect(comments.root.getByText('يجب تسجيل الدخول لإضافة تعليق')).toBeVisible();
  await expect(comments.root.getByRole('textbox')).toHaveCount(0);

  // The first test's comment is on this chapter (the file runs in order).
  const like = comments.root.getByTestId('comment-like').first();
  await like.click();
  await expect(page.getByText('يجب تسجيل الدخول لتتمكن من الإعجاب بالتعليقات').first()).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  await comments.root.getByRole('link', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL(/\/login/);
  await page.getByLabel('اسم المستخدم').fill(DEMO.reader.username);
  await page.getByLabel('كلمة المرور').fill(DEMO.reader.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL(chapterUrl);
  await comments.ready();
  await expect(comments.root.getByRole('textbox', { name: 'نص التعليق', exact: true })).toBeVisible();
});

test("the series page's comments tab lists the series' own comments and a notification's link opens it at the comment", async ({
  page,
  request,
}) => {
  await logInThroughPage(page, 'manga', DEMO.reader);
  const path = await seriesPath(request);
  await page.goto(edge.url('manga', path));
  const comments = new CommentsSection(page);
  await page.getByRole('tab', { name: 'التعليقات' }).click();
  await comments.ready();

  const text = `عن العمل كله ${stamp()}`;
  await comments.add(text);
  const id = await comments.idOf(text);

  // A chapter's comments are not the series' own.
  await openFirstChapter(page, request);
  await new CommentsSection(page).ready();
  await expect(new CommentsSection(page).comment(text)).toHaveCount(0);

  await page.goto(edge.url('manga', `${path}?tab=comments#comment-${id}`));
  await expect(page.getByRole('tab', { name: 'التعليقات' })).toHaveAttribute('aria-selected', 'true');
  await comments.ready();
  const target = page.locator(`#comment-${id} > article`);
  await expect(target).toHaveClass(/ring-2/);
  await expect(target).toBeInViewport();

  await page.goto(edge.url('manga', `${path}?tab=comments`));
  await comments.ready();
  await shoot(page, 'comments-series-tab');
});

test("a link to a chapter's comment (a reply's notification, the community feed) opens the chapter at that comment", async ({
  page,
  browser,
  request,
}) => {
  await logInThroughPage(page, 'manga', DEMO.reader);
  await openFirstChapter(page, request);
  const comments = new CommentsSection(page);
  await comments.ready();
  const text = `تحت الفصل ${stamp()}`;
  await comments.add(text);
  const id = await comments.idOf(text);
  const chapterUrl = page.url().replace(/#.*$/, '');

  // A new visitor, as a notification's link opens it: the comments load only once they are on
  // screen, below the whole chapter, so the link itself has to bring them there. Nothing scrolls here.
  for (const width of [390, 1280]) {
    const visitor = await browser.newContext({ viewport: { width, height: 844 } });
    const landing = await visitor.newPage();
    await landing.goto(`${chapterUrl}#comment-${id}`);
    const target = landing.locator(`#comment-${id} > article`);
    await expect(target).toContainText(text);
    await expect(target).toHaveClass(/ring-2/);
    await expect(target).toBeInViewport();
    if (width === 390) await shoot(landing, 'comments-chapter-anchor');
    await visitor.close();
  }
});
