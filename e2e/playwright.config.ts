import { defineConfig } from '@playwright/test';
import { edge } from './fixtures/stack';

// Runs against a stack started by infra/scripts/test.mjs (the production builds behind the edge).
export default defineConfig({
  testDir: './specs',
  outputDir: '../.data/e2e/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: edge.url('main'),
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
