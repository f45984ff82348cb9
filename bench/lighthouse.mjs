// `npm run bench:lighthouse -w bench`: mobile Lighthouse (its defaults: a mid-range phone, simulated
// slow 4G and CPU slowdown) in Debian's Chromium, through the edge, on the guest pages of issue 15's
// speed table: the main landing, the manga home, a list, a series, an image chapter and a novel
// chapter. Each page is run 3 times, the rounds interleaved (every page once, then again), and the
// median run is reported; the readers' LCP is compared with the landing page's of the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { step } from '../infra/scripts/lib/log.mjs';
import { ensureChromium } from '../infra/scripts/lib/services.mjs';
import { sleep } from '../infra/scripts/lib/run.mjs';
import { edgeGet, secureSiteOrigin, seriesPath, siteOrigin, startGuestStack } from './lib/guest-stack.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// A folder to write each page's median report to (Lighthouse JSON, e.g. for the LCP breakdown, the
// render-blocking resources and the network requests), when set.
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
// Only the pages whose names contain one of these (comma-separated, e.g. `novel`), when set; the main
// landing always runs, since the readers' LCP is a ratio to its LCP in the same run.
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const SLOT = Number(process.env.WARRAQ_TEST_SLOT ?? 0);
// The protocol the pages are asked over: `h2` (default), TLS and HTTP/2 as production serves readers
// (infra/nginx/production.conf), or `http1`, the local edge's plain port. Over HTTP/1.1 a browser opens
// at most six connections to a host, and a page whose first paint waits on a seventh file pays a
// round trip more (bench/README.md, session 16); HTTP/2 sends every file on one connection.
const PROTOCOL = process.env.BENCH_PROTOCOL ?? 'h2';
if (PROTOCOL !== 'h2' && PROTOCOL !== 'http1')
  throw new Error(`BENCH_PROTOCOL: h2 or http1, not ${PROTOCOL}`);
const origin = PROTOCOL === 'h2' ? secureSiteOrigin : siteOrigin;
const DEBUGGING_PORT = 29222 + SLOT * 100;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // The edge's TLS port has a self-signed certificate (infra/scripts/lib/edge.mjs).
  '--ignore-certificate-errors',
];

/** Debian's Chromium with a remote-debugging port Lighthouse drives, on a profile of its own. */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'warraq-lighthouse-'));
  const child = spawn(
    ensureChromium(),
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      return {
        close() {
          child.kill();
          // Chromium may still be writing its profile as it exits: retried (ENOTEMPTY), not fatal.
          fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        },
      };
    }
    await sleep(250);
  }
  child.kill();
  throw new Error(`Chromium did not open its debugging port ${DEBUGGING_PORT}`);
}

const KB = (n) => `${(n / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The LCP element and where its time goes (time to first byte, load delay, load, render delay). */
function lcpBreakdown(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const element = items[0]?.items?.[0]?.node?.snippet;
  const phases = (items[1]?.items ?? []).map((row) => `${row.phase} ${Math.round(row.timing)} ms`);
  return element ? `LCP ${element.slice(0, 80)} (${phases.join(', ')})` : '';
}

/** What the speed table reports, from one Lighthouse result. */
function figures(lhr) {
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    scriptBytes: scripts.reduce((sum, item) => sum + item.transferSize, 0),
    scriptFiles: scripts.length,
    // What holds the page back, for the one reading the table: the opportunities that cost time.
    hints: [
      ...Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) >= 100)
        .map((audit) => `${audit.id} ${Math.round(audit.numericValue)} ms`),
      lcpBreakdown(lhr),
    ].filter(Boolean),
  };
}

const load = () => os.loadavg()[0].toFixed(1);
const loadBefore = load();
let chromium;
const { stack } = await startGuestStack(async () => {
  chromium = await launchChromium();
}).catch((error) => {
  chromium?.close();
  throw error;
});
const results = new Map();
try {
  const manga = await seriesPath('الأكاديمية', 'manga');
  const novel = await seriesPath('ظل الصحراء', 'novel');
  const pages = [
    { name: 'main landing', site: '', path: '/' },
    { name: 'manga home', site: 'manga', path: '/' },
    { name: 'list (manga)', site: 'manga', path: '/series/manga' },
    { name: 'series', site: 'manga', path: manga },
    { name: 'image reader', site: 'manga', path: `${manga}/1` },
    { name: 'novel reader', site: 'novel', path: `${novel}/chapter/1` },
  ].filter((page) => !ONLY || page.name === 'main landing' || ONLY.some((part) => page.name.includes(part)));
  // Each page once through the edge first, so no run pays for a cold edge cache or a cold site.
  for (const page of pages) await edgeGet(page.path, page.site);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of pages) {
      const url = `${origin(page.site)}${page.path}`;
      step(`Round ${round}/${ROUNDS}: ${page.name}`);
      const result = await lighthouse(url, {
        port: DEBUGGING_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result?.lhr.categories.performance.score && result?.lhr.runtimeError) {
        throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
      }
      results.set(page.name, [...(results.get(page.name) ?? []), result.lhr]);
    }
  }
} finally {
  chromium.close();
  await stack.stop();
}

const medianRuns = new Map([...results].map(([name, runs]) => [name, computeMedianRun(runs)]));
if (REPORTS) {
  fs.mkdirSync(REPORTS, { recursive: true });
  for (const [name, lhr] of medianRuns) {
    fs.writeFileSync(path.join(REPORTS, `${name.replaceAll(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  }
}
const median = new Map([...medianRuns].map(([name, lhr]) => [name, figures(lhr)]));
const landingLcp = median.get('main landing').lcp;
console.log(
  `\nWarraq Lighthouse ${lighthouse.version ?? '12.2.3'} (mobile defaults, Debian Chromium, through the edge, ${PROTOCOL === 'h2' ? 'HTTPS with HTTP/2' : 'HTTP/1.1'}; median of ${ROUNDS} runs)`,
);
console.log(`1-min load average: ${loadBefore} before, ${load()} after\n`);
const rows = [['page', 'score', 'LCP', 'vs landing', 'CLS', 'TBT', 'JS transferred', 'target']];
for (const [name, m] of median) {
  const reader = name.endsWith('reader');
  const ratio = m.lcp / landingLcp;
  const ok = m.score >= 95 && (!reader || ratio <= 1.1);
  rows.push([
    name,
    String(m.score),
    seconds(m.lcp),
    `${Math.round(ratio * 100)}%`,
    m.cls.toFixed(3),
    `${Math.round(m.tbt)} ms`,
    `${KB(m.scriptBytes)} in ${m.scriptFiles}`,
    `${ok ? 'met' : 'NOT met'} (≥ 95${reader ? ', LCP ≤ 110%' : ''})`,
  ]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
for (const [name, m] of median) if (m.hints.length) console.log(`\n${name}: ${m.hints.join('; ')}`);
