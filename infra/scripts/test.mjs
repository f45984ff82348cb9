// `npm test`: every test — unit, integration (real Postgres and Redis) and browser (Playwright in
// Debian's Chromium against a full local stack behind the edge) — then one summary line.
import fs from 'node:fs';
import path from 'node:path';
import { localConfig } from './lib/config.mjs';
import { fail, step } from './lib/log.mjs';
import { ROOT, run } from './lib/run.mjs';
import { ensureChromium, ensureJava, ensureNginx, ensureServices } from './lib/services.mjs';
import { build, prepareDatabase, startStack } from './lib/stack.mjs';
import { resetE2eState } from './lib/reset.mjs';

const reports = path.join(ROOT, '.data/reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const jestEnv = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' };
const suites = [];
// `npm test -- --e2e` runs only the browser tests (after the same build), for quick iteration.
const e2eOnly = process.argv.includes('--e2e');
// With --e2e, further arguments pick spec files or a -g pattern (`npm test -- --e2e moderation`).
const e2eFilter = e2eOnly ? process.argv.slice(2).filter((arg) => arg !== '--e2e') : [];

function jest(name, args) {
  const outputFile = path.join(reports, `${name}.json`);
  suites.push({ name, outputFile, kind: 'jest' });
  step(`Running ${name} tests`);
  run('jest', [...args, '--json', `--outputFile=${outputFile}`], { env: jestEnv });
}

function summarize(counted = suites) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const suite of counted) {
    if (!fs.existsSync(suite.outputFile)) continue;
    const report = JSON.parse(fs.readFileSync(suite.outputFile, 'utf8'));
    if (suite.kind === 'jest') {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    } else {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    }
  }
  return { passed, failed, total: passed + failed + skipped };
}

let exitCode = 0;
try {
  await ensureServices();
  ensureChromium();
  ensureJava();
  // The integration tests run the edge's nginx config too (platform/test/media-edge.int-spec.ts).
  ensureNginx();
  build();

  if (!e2eOnly) {
    jest('contracts-unit', ['-c', 'contracts/jest.config.cjs']);
    jest('site-unit', ['-c', 'site/jest.config.cjs']);
    jest('platform-unit', [
      '-c',
      'platform/jest.config.cjs',
      '--selectProjects',
      'unit',
      '--passWithNoTests',
    ]);
    jest('platform-integration', ['-c', 'platform/jest.config.cjs', '--selectProjects', 'integration']);
  }

  // WARRAQ_TEST_SLOT=N (1-9) moves the browser stack to its own ports, database and Redis prefix, so
  // two checkouts on one machine can run `npm test` at the same time.
  const slot = Number(process.env.WARRAQ_TEST_SLOT ?? 0);
  const suffix = slot ? `_s${slot}` : '';
  const at = (port) => String(port + slot * 100);
  const config = localConfig({
    WARRAQ_ENV: 'test',
    WARRAQ_EDGE_PORT: process.env.E2E_EDGE_PORT ?? at(18080),
    WARRAQ_PLATFORM_PORTS: `${at(13001)},${at(13002)}`,
    WARRAQ_SITE_PORT: at(14321),
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/warraq_e2e${suffix}`,
    WARRAQ_REDIS_PREFIX: `warraq-e2e${suffix}:`,
    WARRAQ_DATA_DIR: '.data/e2e',
  });
  // Every browser test registers from this one machine's address; the per-address registration
  // limit itself is proven by platform/test/register.int-spec.ts, so here it only must not bite.
  process.env.WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR ??= '1000';
  step('Starting a fresh stack for the browser tests (two platform replicas behind the edge)');
  await resetE2eState(config);
  prepareDatabase(config);
  const stack = await startStack(config, { quiet: process.env.E2E_VERBOSE !== '1' });
  const e2eEnv = {
    E2E_BASE_DOMAIN: config.baseDomain,
    E2E_EDGE_PORT: String(config.edgePort),
    E2E_PLATFORM_PORTS: config.platformPorts.join(','),
  };
  // The two page sweeps first, side by side on two workers, then the specs that change shared data,
  // one at a time (e2e/playwright.config.ts): two runs, so that a failure in the first still lets
  // the second run, and both count in the summary and the exit code.
  const e2eRuns = [
    { project: 'sweeps', title: 'the page sweeps, on two workers', args: ['--workers=2'] },
    { project: 'serial', title: 'the other browser tests, one at a time', args: [] },
  ];
  const e2eFailures = [];
  try {
    for (const { project, title, args } of e2eRuns) {
      const outputFile = path.join(reports, `e2e-${project}.json`);
      suites.push({ name: `e2e ${project}`, outputFile, kind: 'playwright' });
      step(`Running ${title}`);
      // A spec filter may name files of only one of the two: the other then has nothing to run.
      const passEmpty = e2eFilter.length > 0 ? ['--pass-with-no-tests'] : [];
      try {
        run(
          'playwright',
          [
            'test',
            '-c',
            'e2e/playwright.config.ts',
            `--project=${project}`,
            // A folder each: Playwright empties its output folder when a run starts, which wiped the
            // sweeps' failure traces and contexts before anyone could read them.
            `--output=${path.resolve('.data/e2e/test-results', project)}`,
            ...args,
            ...passEmpty,
            ...e2eFilter,
          ],
          { env: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile } },
        );
      } catch (error) {
        e2eFailures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (e2eFailures.length > 0) throw new Error(e2eFailures.join('\n'));
    if (
      e2eFilter.length > 0 &&
      summarize(suites.filter((suite) => suite.kind === 'playwright')).total === 0
    ) {
      throw new Error(`no browser test matches ${e2eFilter.join(' ')}`);
    }
  } finally {
    await stack.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
}

const { passed, failed } = summarize();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (exitCode !== 0 || failed > 0) fail('Some tests failed.');
