import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { edge } from '../fixtures/stack';

const SHOTS = path.resolve(__dirname, '../../.data/e2e/screenshots');
const WIDTHS = [390, 1280] as const;

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    // A page that scrolls sideways at phone width is broken for readers.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows horizontally at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('screens at 390 px and 1280 px: landing, login, register, settings, account, 404', async ({
  page,
  request,
}) => {
  await page.goto(edge.url('main', '/'));
  await shoot(page, 'landing');
  await page.goto(edge.url('manga', '/login'));
  await shoot(page, 'login');
  await page.goto(edge.url('manga', '/register'));
  await shoot(page, 'register');
  await page.goto(edge.url('manga', '/nowhere'));
  await shoot(page, 'not-found');

  const account = await registerViaApi(request);
  await logInThroughPage(page, 'dashboard', account);
  await page.goto(edge.url('dashboard', '/settings'));
  await shoot(page, 'settings');
  await page.goto(edge.url('manga', '/account'));
  await shoot(page, 'account');
  await page.goto(edge.url('main', '/'));
  await shoot(page, 'landing-signed-in');
});
