import { defineConfig } from '@playwright/test';
import { edge } from './fixtures/stack';

/**
 * The two page sweeps: they walk every screen of fixtures/screens.ts and only read (signing in as
 * a role and a chapter's view count or the reader's place in it are all they write, the same on
 * every visit), so their tests run side by side. Much of a screen's time is waiting on the page
 * (network quiet, animations), which a second worker fills even on two cores.
 */
const SWEEPS = ['**/accessibility.spec.ts', '**/arabic-interface.spec.ts'];

// Runs against a stack started by infra/scripts/test.mjs (the production builds behind the edge).
// It runs the sweeps first, on two workers (`--project=sweeps --workers=2`), then the other specs,
// one at a time (they change shared data: accounts, series, comments, settings), never both at once
// so that nothing changes under a sweep. One worker by default keeps a plain `playwright test` so.
export default defineConfig({
  testDir: './specs',
  outputDir: '../.data/e2e/test-results',
  workers: 1,
  projects: [
    { name: 'sweeps', testMatch: SWEEPS, fullyParallel: true },
    { name: 'serial', testIgnore: SWEEPS, fullyParallel: false, workers: 1 },
  ],
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
