import { expect, test } from '@playwright/test';
import zlib from 'node:zlib';
import { freshUsername, logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

/** A small real PNG (solid colour), built here rather than kept as a binary fixture. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x33, 0x66, 0x99]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
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
