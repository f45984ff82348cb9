// `npm run bench:ingest-concurrency -w bench`: does a worker gain by processing two chapters at once
// (BullMQ concurrency 2, or two worker processes) over one at a time? Each chapter already encodes
// PAGE_CONCURRENCY pages at once. Runs the compiled pipeline (what the worker runs) on the same
// generated chapters both ways, interleaved rounds, medians: chapters finished per second, and when
// on average each chapter of the batch was finished (what an uploader waits), pages per CPU second and
// how many cores the process kept busy (CPU seconds over wall seconds: 2 is both cores of the machine).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { step } from '../infra/scripts/lib/log.mjs';
import { ROOT, run } from '../infra/scripts/lib/run.mjs';
import { median } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHAPTERS = 4;
const PAGES = 16;
const DIR = path.join(ROOT, '.data/bench-ingest-concurrency');

if (process.env.WARRAQ_SKIP_BUILD !== '1') {
  step('Building contracts, platform and test media');
  run(
    'turbo',
    ['run', 'build', '--filter=@warraq/platform', '--filter=@warraq/test-media', '--output-logs=errors-only'],
    { env: { TURBO_TELEMETRY_DISABLED: '1' } },
  );
}

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(ROOT, 'platform/dist/modules', p));
const { processChapterSource } = dist('ingest/processing/process-chapter.js');
const { PAGE_CONCURRENCY } = dist('ingest/processing/processing.limits.js');
const { LocalDiskMediaStorage } = dist('media/local-disk-media.storage.js');
const { makePageJpeg, zipOfPages } = await import('@warraq/test-media');

fs.rmSync(DIR, { recursive: true, force: true });
fs.mkdirSync(DIR, { recursive: true });
step(`Generating ${CHAPTERS} chapters of ${PAGES} scan-like JPEGs (800 × 1200)`);
const chapters = [];
for (let c = 0; c < CHAPTERS; c++) {
  const pages = [];
  for (let n = 1; n <= PAGES; n++) pages.push({ name: `${n}.jpg`, data: await makePageJpeg(c * PAGES + n) });
  const zip = path.join(DIR, `chapter-${c}.zip`);
  fs.writeFileSync(zip, zipOfPages(pages));
  chapters.push({ method: 'zip', files: [{ path: zip, name: `chapter-${c}.zip` }] });
}

let runs = 0;
async function processOne(source) {
  const root = path.join(DIR, `run-${runs++}`);
  try {
    await processChapterSource(source, {
      workDir: path.join(root, 'work'),
      storage: new LocalDiskMediaStorage(path.join(root, 'media')),
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The batch, `jobs` chapters at a time: wall seconds, and each chapter's finishing time. */
async function batch(jobs) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const finished = [];
  let next = 0;
  const lane = async () => {
    while (next < chapters.length) {
      await processOne(chapters[next++]);
      finished.push((performance.now() - start) / 1000);
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    wall,
    cpu: (used.user + used.system) / 1e6,
    meanFinish: finished.reduce((a, b) => a + b, 0) / finished.length,
  };
}

await batch(1); // warm-up
const results = { 1: [], 2: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const jobs of [1, 2]) results[jobs].push(await batch(jobs));
}
const summary = Object.fromEntries(
  Object.entries(results).map(([jobs, list]) => [
    jobs,
    {
      pagesPerSecond: (CHAPTERS * PAGES) / median(list.map((r) => r.wall)),
      pagesPerCore: (CHAPTERS * PAGES) / median(list.map((r) => r.cpu)),
      coresBusy: median(list.map((r) => r.cpu / r.wall)),
      meanFinish: median(list.map((r) => r.meanFinish)),
    },
  ]),
);
fs.rmSync(DIR, { recursive: true, force: true });
const one = summary[1];
const two = summary[2];
console.log(
  `\nChapters at once in one worker (${CHAPTERS} chapters × ${PAGES} pages, ${PAGE_CONCURRENCY} pages each at a time, ${ROUNDS} interleaved rounds, medians)\n`,
);
console.table({
  'one chapter at a time': {
    'pages/s': one.pagesPerSecond.toFixed(1),
    'pages per CPU s': one.pagesPerCore.toFixed(1),
    'cores kept busy': one.coresBusy.toFixed(2),
    'mean wait for a chapter (s)': one.meanFinish.toFixed(2),
  },
  'two chapters at a time': {
    'pages/s': two.pagesPerSecond.toFixed(1),
    'pages per CPU s': two.pagesPerCore.toFixed(1),
    'cores kept busy': two.coresBusy.toFixed(2),
    'mean wait for a chapter (s)': two.meanFinish.toFixed(2),
  },
});
console.log(
  `two at a time: ${Math.round((two.pagesPerSecond / one.pagesPerSecond) * 100)}% of the throughput, ` +
    `${Math.round((two.meanFinish / one.meanFinish) * 100)}% of the mean wait`,
);
