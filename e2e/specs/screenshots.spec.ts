import { test } from '@playwright/test';
import { logInThroughPage, registerViaApi } from '../fixtures/accounts';
import { shoot } from '../fixtures/screenshots';
import { edge } from '../fixtures/stack';

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
