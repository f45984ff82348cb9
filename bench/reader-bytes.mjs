/* global document */
// `npm run bench:reader-bytes -w bench`: what a guest's phone downloads to open a chapter (issue 15),
// measured in Chromium through the edge: the JavaScript transferred (compressed, as sent) and the
// page images of the first screen, against the same images at the one width every page had before
// renditions (the widest copy, of the two pages the reader used to fetch at once).
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { step } from '../infra/scripts/lib/log.mjs';
import { ensureChromium } from '../infra/scripts/lib/services.mjs';
import { edgeGet as get, siteOrigin, startGuestStack } from './lib/guest-stack.mjs';

const origin = siteOrigin('manga');
/** A 390 px phone at the densities that matter: 1.5 (many Android phones) and Lighthouse's 1.75. */
const PHONES = [1.5, 1.75].map((deviceScaleFactor) => ({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
}));
const KB = (n) => `${(n / 1024).toFixed(1)} KB`;

// The Debian Chromium the browser tests use, launched first: a failed launch leaves no stack behind.
let browser;
const { stack } = await startGuestStack(async () => {
  browser = await chromium.launch({ executablePath: ensureChromium() });
}).catch(async (error) => {
  await browser?.close();
  throw error;
});
const rows = [];
try {
  // A real, approved image chapter, chosen through the public API: the latest update that has pages.
  const feed = JSON.parse((await get('/api/content/popular-new')).toString('utf8'));
  let chapterPath = '';
  for (const update of feed.latestUpdates) {
    const path = `/series/manga/${encodeURIComponent(update.mangaSlug)}/${update.chapterNumber}`;
    const chapter = JSON.parse((await get(`/api${path}`)).toString('utf8'));
    if (chapter.data.pages.length >= 2) {
      chapterPath = path;
      break;
    }
  }
  if (!chapterPath) throw new Error('no image chapter among the latest updates');
  step(`Chapter under test: ${chapterPath}`);

  for (const phone of PHONES) {
    const context = await browser.newContext({ ...phone, locale: 'ar-SA' });
    const page = await context.newPage();
    await page.goto(`${origin}${chapterPath}`, { waitUntil: 'networkidle' });
    const seen = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const sum = (test) => entries.filter(test).reduce((total, e) => total + e.transferSize, 0);
      const pages = [...document.querySelectorAll('img[data-reader-page]')];
      const shown = pages.filter((img) => img.checkVisibility()).map((img) => img.currentSrc);
      return {
        scripts: sum((e) => /\.m?js(\?|$)/.test(e.name)),
        scriptFiles: entries.filter((e) => /\.m?js(\?|$)/.test(e.name)).length,
        // The gzipped bodies alone (what the budget counts; the transfer adds each response's headers).
        scriptBodies: entries
          .filter((e) => /\.m?js(\?|$)/.test(e.name))
          .reduce((total, e) => total + e.encodedBodySize, 0),
        files: entries
          .filter((e) => /\.m?js(\?|$)/.test(e.name))
          .sort((a, b) => b.transferSize - a.transferSize)
          .map((e) => `${e.name.split('/').at(-1)} ${(e.encodedBodySize / 1024).toFixed(1)} KB`),
        // The screen shown (the pages fetched ahead after load are the next screens, not this one).
        images: sum((e) => shown.includes(e.name)),
        widest: pages.slice(0, 2).map((img) => img.srcset.split(', ').at(-1).split(' ')[0]),
      };
    });
    // Before renditions the reader fetched its first two pages at once, each at the one stored width.
    let before = 0;
    for (const url of seen.widest) {
      before += (await get(new URL(url, origin).pathname)).length;
    }
    step(`Scripts (gzipped bodies): ${seen.files.join(', ')}`);
    const dpr = `390 px phone, DPR ${phone.deviceScaleFactor}`;
    rows.push([
      `${dpr}: JavaScript transferred`,
      `${KB(seen.scripts)} in ${seen.scriptFiles} files (${KB(seen.scriptBodies)} gz bodies)`,
      '≤ 80 KB',
      seen.scripts <= 80 * 1024,
    ]);
    rows.push([
      `${dpr}: first-screen page images vs before`,
      `${KB(seen.images)} vs ${KB(before)} = ${Math.round((seen.images / before) * 100)}%`,
      '≤ 40%',
      seen.images <= 0.4 * before,
    ]);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}

// The demo's pages are flat generated art that compresses to a few KB at any width; uploaded scans
// are not. So the same figure on scan-like pages (the fixtures the ingest tests use, 1600 × 2400 JPEG)
// through the ingest's own encoder: the first screen now (the 600 px copy a 390 px phone at 1.5×
// picks, 900 px at 1.75×) against before (the first two pages at 1200 px, both fetched at once).
const require = createRequire(import.meta.url);
const { encodePage } = require('../platform/dist/modules/ingest/processing/page-encoder.js');
const { makePageJpeg } = await import('@warraq/test-media');
const [first, second] = await Promise.all(
  [1, 2].map(
    async (n) => (await encodePage(await makePageJpeg(n, { width: 1600, height: 2400 }), `${n}.jpg`))[0],
  ),
);
const copies = first.copies;
const beforeScans = first.bytes.length + second.bytes.length;
for (const [dpr, width] of [
  [1.5, 600],
  [1.75, 900],
]) {
  const now = copies.find((copy) => copy.width === width).bytes.length;
  rows.push([
    `scan-like pages, DPR ${dpr}: first-screen images vs before`,
    `${KB(now)} vs ${KB(beforeScans)} = ${Math.round((now / beforeScans) * 100)}%`,
    '≤ 40%',
    now <= 0.4 * beforeScans,
  ]);
}

console.log('\nWarraq reader bytes (Chromium through the edge, one load each)\n');
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value, target, ok] of rows) {
  console.log(`${name.padEnd(width)}  ${value.padEnd(44)} ${target.padEnd(10)} ${ok ? 'met' : 'NOT met'}`);
}
