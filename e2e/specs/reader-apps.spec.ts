import { expect, test } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { edge } from '../fixtures/stack';
import { shoot } from '../fixtures/screenshots';

test('a reader makes an OPDS catalog URL in settings, a reader app opens it, and revoking it shuts it', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'manga', account);
  await page.goto(edge.url('manga', '/settings'));
  const section = page.getByRole('region', { name: 'تطبيقات القراءة' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('لم تُنشئ رابطًا لتطبيقات القراءة بعد.')).toBeVisible();
  await section.getByRole('button', { name: 'إنشاء رابط الكتالوج' }).click();

  const field = section.getByLabel('رابط كتالوج OPDS');
  await expect(field).toHaveValue(/^http:\/\/manga\.[^/]+\/api\/opds\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  // Settings live on the dashboard, which is no reading site: the feed of every type.
  await expect(section.getByRole('textbox', { name: 'RSS' })).toHaveValue(/\/api\/feeds\/latest\/rss$/);
  await shoot(page, 'settings-reader-apps');

  // What a reader app does with the URL (opened as a page of its own: the URL is on the manga
  // site's host, not the dashboard's): the navigation feed, with the OPDS media type.
  const app = await page.context().newPage();
  const open = async (href: string) => {
    const res = (await app.goto(href))!;
    return { status: res.status(), type: res.headers()['content-type'], text: await res.text() };
  };
  const catalog = await open(url);
  expect(catalog.status).toBe(200);
  expect(catalog.type).toBe('application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8');
  expect(catalog.text).toContain('أحدث التحديثات');

  await section.getByRole('button', { name: 'إلغاء الرابط' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء الرابط' }).click();
  await expect(section.getByText('لم تُنشئ رابطًا لتطبيقات القراءة بعد.')).toBeVisible();
  expect((await open(url)).status).toBe(404);
});
