import { expect, test } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { commentOnSeries, seriesByTitle } from '../fixtures/catalogue';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

test("a reader opens another reader's profile from a comment, follows them, and sees their activity under community → following", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const series = await seriesByTitle(request, 'الأكاديمية');

  // The author writes a comment on a demo series, through the API the comment form uses.
  const author = await registerViaApi(request, 'manga');
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await logInThroughPage(authorPage, 'manga', author);
  const commentText = `رأيي في الفصل الأخير ${Date.now().toString(36)}`;
  await commentOnSeries(authorPage, series.id, commentText);
  await authorContext.close();

  // A reader finds the comment on the community page and opens its author's profile from the name.
  const reader = await registerViaApi(request, 'manga');
  await logInThroughPage(page, 'manga', reader);
  await page.goto(edge.url('manga', '/community'));
  const comment = page.getByTestId('community-comment').filter({ hasText: commentText });
  await comment.getByRole('link', { name: author.username }).click();
  await expect(page.getByTestId('profile-username')).toHaveText(author.username);
  await expect(page.getByTestId('profile-followers')).toHaveText('لا متابعين');
  const activity = page.getByTestId('activity-item').filter({ hasText: commentText });
  await expect(activity).toBeVisible();

  const follow = page.getByRole('button', { name: 'متابعة المستخدم' });
  await expect(follow).toBeEnabled();
  await follow.click();
  const unfollow = page.getByRole('button', { name: 'إلغاء متابعة المستخدم' });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('ستصلك فصوله الجديدة').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-followers')).toHaveText('متابع واحد');
  await expect(page.getByRole('button', { name: 'إلغاء متابعة المستخدم' })).toBeEnabled();
  await shoot(page, 'public-profile');

  // Community → following: the followed author's comment, linking back to their profile.
  await page.goto(edge.url('manga', '/community'));
  await page.getByRole('link', { name: 'من تتابعهم' }).click();
  await expect(page.getByRole('link', { name: 'من تتابعهم' })).toHaveAttribute('aria-current', 'page');
  const item = page.getByTestId('activity-item').filter({ hasText: commentText });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: author.username })).toHaveAttribute(
    'href',
    new RegExp(`/profile/${encodeURIComponent(author.username)}`),
  );
  await shoot(page, 'community-following');

  // Each reading site has the reader's own updates feed for its type, linked from its sidebar.
  await page.goto(edge.url('novel', '/updates'));
  await expect(page).toHaveURL(/\/novel\/updates/);
  await expect(page.getByRole('heading', { level: 1, name: 'آخر التحديثات من متابعاتك' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'التحديثات', exact: true })).toHaveAttribute(
    'href',
    /\/novel\/updates/,
  );
  await shoot(page, 'updates-novel');

  // Your own profile at its public address offers no follow button, only your pages.
  await page.goto(edge.url('manga', `/profile/${encodeURIComponent(reader.username)}`));
  await expect(page.getByTestId('profile-username')).toHaveText(reader.username);
  await expect(page.getByRole('button', { name: 'متابعة المستخدم' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'ملفي الشخصي' })).toBeVisible();
});
