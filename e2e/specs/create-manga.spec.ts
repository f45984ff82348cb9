import { expect, test } from '@playwright/test';
import { solidPng } from '@warraq/test-media';
import { freshUsername, logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

test('a signed-in reader adds a manga with an uploaded cover and lands on its pending page', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'manga', account);
  await page.goto(edge.url('manga', '/create/manga'));

  const title = `عمل ${freshUsername('new')}`;
  await page.getByLabel('العنوان', { exact: true }).fill(title);
  await page.getByLabel('الوصف').fill('قصة عن قارئ يكتشف مكتبة سرية تحت مدينته القديمة.');
  await page.getByLabel('المؤلف').fill('كاتب تجريبي');
  await page.getByLabel('أو ارفع صورة غلاف من جهازك').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(300, 450),
  });
  await expect(page.getByRole('img', { name: 'معاينة صورة الغلاف المرفوعة' })).toBeVisible();
  await shoot(page, 'create-manga');

  await page.getByRole('button', { name: 'إنشاء المانجا' }).click();
  await expect(page.getByText('تم إنشاء المانجا بنجاح').first()).toBeVisible();
  await page.waitForURL(/\/series\/manga\//);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('بانتظار المراجعة').first()).toBeVisible();
  const cover = page.locator('img[src^="/media/"]').first();
  await expect(cover).toBeVisible();
  // The re-encoded 600 px cover, with its narrower copies for the browser to choose from.
  expect((await cover.getAttribute('srcset'))?.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
    '200w',
    '400w',
    '600w',
  ]);
  const full = await cover.evaluate(
    (img: HTMLImageElement) =>
      new Promise<number>((resolve, reject) => {
        const copy = new Image();
        copy.onload = () => resolve(copy.naturalWidth);
        copy.onerror = reject;
        copy.src = img.src;
      }),
  );
  expect(full).toBe(600);
});

test('a file that is not an image is refused before it is sent', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await logInThroughPage(page, 'manga', account);
  await page.goto(edge.url('manga', '/create/manga'));
  await page.getByLabel('أو ارفع صورة غلاف من جهازك').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('ملفات غير صالحة: يُقبل JPG وPNG وWebP فقط')).toBeVisible();
});
