// `npm run bench:ingest -w bench` (or `node bench/ingest.mjs` under Node 24): the chapter ingest
// figures of the chapter-ingest issue, from one run on the same generated pages — pipeline speed per
// core against bare sharp encoding, output bytes against input bytes, and the worker's peak memory on
// a 300-page zip. It runs the platform's compiled processing code, exactly what the worker runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { step } from '../infra/scripts/lib/log.mjs';
import { ROOT, run } from '../infra/scripts/lib/run.mjs';
import { median } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGES = 40;
const RSS_PAGES = 300;
const CONCURRENCY = 2;
const DIR = path.join(ROOT, '.data/bench-ingest');

if (process.env.WARRAQ_SKIP_BUILD !== '1') {
  step('Building contracts, platform and test media');
  run(
    'turbo',
    ['run', 'build', '--filter=@warraq/platform', '--filter=@warraq/test-media', '--output-logs=errors-only'],
    {
      env: { TURBO_TELEMETRY_DISABLED: '1' },
    },
  );
}

// The platform build is CommonJS; its modules load as they do in the worker.
const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(ROOT, 'platform/dist/modules', p));
const { processChapterSource } = dist('ingest/processing/process-chapter.js');
const { RENDITION, PAGE_CONCURRENCY } = dist('ingest/processing/processing.limits.js');
const { LocalDiskMediaStorage } = dist('media/local-disk-media.storage.js');
const { AVIF_OPTIONS } = dist('ingest/avif-copies.js');
// The same page builders the tests use (the workspace package, loaded once it is built).
const { makePageJpeg, makePagePng, zipOfPages } = await import('@warraq/test-media');
const sharp = require(require.resolve('sharp', { paths: [path.join(ROOT, 'platform')] }));
sharp.cache(false);

fs.rmSync(DIR, { recursive: true, force: true });
fs.mkdirSync(DIR, { recursive: true });

step(`Generating ${PAGES} scan-like JPEGs and ${PAGES} line-art PNGs (800 × 1200)`);
const scans = [];
const arts = [];
for (let n = 1; n <= PAGES; n++) {
  scans.push(await makePageJpeg(n));
  arts.push(await makePagePng(n));
}
const sum = (list) => list.reduce((a, b) => a + b, 0);

/** A fixed shuffle: archives list their entries in no useful order, the same one on every run. */
function shuffled(list) {
  const out = [...list];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The names uploaders use, in a shuffled archive order, so natural ordering does real work. */
function writeSources(label, pages, extension) {
  const named = pages.map((data, i) => ({ name: `chapter/page ${i + 1}.${extension}`, data }));
  const zipPath = path.join(DIR, `${label}.zip`);
  fs.writeFileSync(zipPath, zipOfPages(shuffled(named)));
  const originals = path.join(DIR, `${label}-images`);
  fs.mkdirSync(originals, { recursive: true });
  const files = named.map(({ name, data }, i) => {
    const file = path.join(originals, String(i));
    fs.writeFileSync(file, data);
    return { path: file, name: path.basename(name) };
  });
  return {
    zip: { method: 'zip', files: [{ path: zipPath, name: `${label}.zip` }] },
    images: { method: 'images', files },
  };
}
const sources = { scans: writeSources('scans', scans, 'jpg'), arts: writeSources('arts', arts, 'png') };

/** CPU seconds (all threads of this process: sharp works on libuv threads) and wall seconds of `fn`. */
async function measure(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  return { result, cpu: (used.user + used.system) / 1e6, wall: (performance.now() - start) / 1000 };
}

async function pool(count, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Bare sharp: decode and encode each page to WebP, nothing else, two pages at a time like the pipeline. */
const bare = (pages, options) => () =>
  pool(pages.length, CONCURRENCY, async (i) => {
    await sharp(pages[i]).webp(options).toBuffer();
  });

let runs = 0;
/** The whole pipeline, into a fresh media folder (content addressing would otherwise skip the writes). */
const pipeline = (source) => async () => {
  const root = path.join(DIR, `run-${runs++}`);
  try {
    return await processChapterSource(source, {
      workDir: path.join(root, 'work'),
      storage: new LocalDiskMediaStorage(path.join(root, 'media')),
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
};

const variants = {
  'scans: bare sharp webp() defaults': bare(scans, {}),
  'scans: bare sharp, pipeline settings': bare(scans, {
    quality: RENDITION.quality,
    effort: RENDITION.effort,
  }),
  'scans: pipeline, zip': pipeline(sources.scans.zip),
  'scans: pipeline, images': pipeline(sources.scans.images),
  'line art: bare sharp webp() defaults': bare(arts, {}),
  'line art: bare sharp, pipeline settings': bare(arts, {
    quality: RENDITION.quality,
    effort: RENDITION.effort,
  }),
  'line art: pipeline, zip': pipeline(sources.arts.zip),
  'line art: pipeline, images': pipeline(sources.arts.images),
};

step(
  `Speed: ${ROUNDS} interleaved rounds of ${Object.keys(variants).length} runs (${PAGES} pages each), after a warm-up`,
);
for (const fn of Object.values(variants)) await fn();
const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
const outputs = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const { result, cpu, wall } = await measure(fn);
    samples[name].push({ perCore: PAGES / cpu, wall: PAGES / wall });
    if (Array.isArray(result)) outputs[name] = result;
  }
}
const speed = Object.fromEntries(
  Object.entries(samples).map(([name, list]) => [
    name,
    { perCore: median(list.map((s) => s.perCore)), wall: median(list.map((s) => s.wall)) },
  ]),
);

const rows = [];
const report = (name, value, target, ok) =>
  rows.push({ name, value, target, verdict: ok === null ? '' : ok ? 'met' : 'NOT met' });
const pct = (x) => `${Math.round(x * 100)}%`;
const rate = (x) => x.toFixed(1);

for (const kind of ['scans', 'line art']) {
  const base = speed[`${kind}: bare sharp webp() defaults`].perCore;
  const same = speed[`${kind}: bare sharp, pipeline settings`].perCore;
  report(`${kind}: bare sharp webp() defaults, pages/s per core`, rate(base), '', null);
  for (const method of ['zip', 'images']) {
    const mine = speed[`${kind}: pipeline, ${method}`];
    report(
      `${kind}: pipeline (${method}) vs bare sharp, pages/s per core`,
      `${rate(mine.perCore)} vs ${rate(base)} = ${pct(mine.perCore / base)}`,
      '≥ 100%',
      mine.perCore / base >= 1,
    );
  }
  const mine = speed[`${kind}: pipeline, zip`];
  report(
    `${kind}: pipeline (zip) vs bare sharp at its settings`,
    `${rate(mine.perCore)} vs ${rate(same)} = ${pct(mine.perCore / same)}`,
    '',
    null,
  );
  report(`${kind}: pipeline (zip), pages/s on ${CONCURRENCY} cores`, rate(mine.wall), '', null);
}

// Bytes: the pipeline's stored output against the uploaded input.
const scanOut = sum(outputs['scans: pipeline, zip'].map((p) => p.bytes));
report(
  'scans: output bytes vs input bytes',
  `${(scanOut / 1024).toFixed(0)} KB vs ${(sum(scans.map((b) => b.length)) / 1024).toFixed(0)} KB = ${pct(scanOut / sum(scans.map((b) => b.length)))}`,
  '≤ 55%',
  scanOut / sum(scans.map((b) => b.length)) <= 0.55,
);
step('Bytes: encoding each line-art page both ways, for comparison');
const artIn = sum(arts.map((b) => b.length));
const artOut = sum(outputs['line art: pipeline, zip'].map((p) => p.bytes));
const lossy = [];
const lossless = [];
for (const png of arts) {
  lossy.push(
    (await sharp(png).webp({ quality: RENDITION.quality, effort: RENDITION.effort }).toBuffer()).length,
  );
  lossless.push(
    (
      await sharp(png)
        .webp({ lossless: true, effort: RENDITION.losslessEffort, quality: RENDITION.losslessSearch })
        .toBuffer()
    ).length,
  );
}
const smaller = sum(arts.map((_, i) => Math.min(lossy[i], lossless[i])));
report(
  'line art: output bytes vs input bytes',
  `${(artOut / 1024).toFixed(0)} KB vs ${(artIn / 1024).toFixed(0)} KB = ${pct(artOut / artIn)}`,
  'the smaller rendition',
  artOut <= smaller * 1.01,
);
report(
  'line art: lossy only / lossless only',
  `${pct(sum(lossy) / artIn)} / ${pct(sum(lossless) / artIn)}`,
  '',
  null,
);

// AVIF, which ingest does not make (a later job does): what it costs per page and saves against the
// stored WebP, at the job's settings, from the upload's pixels at the stored width.
step('AVIF: each stored page encoded again as AVIF, for comparison');
for (const [kind, pages, stored] of [
  ['scans', scans, outputs['scans: pipeline, zip']],
  ['line art', arts, outputs['line art: pipeline, zip']],
]) {
  const webp = stored.map((p) => p.bytes);
  const { result: avif, cpu } = await measure(async () => {
    const sizes = [];
    await pool(pages.length, CONCURRENCY, async (i) => {
      sizes[i] = (
        await sharp(pages[i]).flatten({ background: '#ffffff' }).avif(AVIF_OPTIONS).toBuffer()
      ).length;
    });
    return sizes;
  });
  const pays = avif.filter((bytes, i) => bytes <= 0.9 * webp[i]).length;
  const base = speed[`${kind}: bare sharp webp() defaults`].perCore;
  report(
    `${kind}: AVIF bytes vs stored WebP; pages ≥ 10% smaller`,
    `${pct(sum(avif) / sum(webp))}; ${pays} of ${pages.length}`,
    '',
    null,
  );
  report(
    `${kind}: AVIF CPU per page vs bare sharp webp()`,
    `${((cpu / pages.length) * 1000).toFixed(0)} ms = ${(cpu / pages.length / (1 / base)).toFixed(1)}×`,
    '',
    null,
  );
}

// Memory: a worker-like child process runs the pipeline on a 300-page zip and reports its peak RSS.
step(`Memory: the pipeline on a ${RSS_PAGES}-page zip, in a child process`);
const big = [];
for (let i = 0; i < RSS_PAGES; i++) {
  const half = Math.floor(i / 2) % PAGES;
  big.push(
    i % 2 === 0 ? { name: `p${i + 1}.jpg`, data: scans[half] } : { name: `p${i + 1}.png`, data: arts[half] },
  );
}
const bigZip = path.join(DIR, 'chapter-300.zip');
fs.writeFileSync(bigZip, zipOfPages(shuffled(big)));
/** Runs the pipeline on the big zip in a fresh process and answers what it printed. */
function child(label, env = {}) {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench/lib/ingest-child.mjs'), bigZip, path.join(DIR, `rss-${label}`)],
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
  if (result.status !== 0) throw new Error(`the ingest child failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}
const zipMB = (fs.statSync(bigZip).size / 1048576).toFixed(0);
const rss = child('default');
report(
  `peak RSS of the worker on a ${RSS_PAGES}-page zip (${zipMB} MB)`,
  `${rss.maxRssMB.toFixed(0)} MB (${rss.pages} pages in ${rss.seconds.toFixed(1)} s)`,
  '≤ 512 MB',
  rss.maxRssMB <= 512 && rss.pages >= RSS_PAGES,
);
// glibc gives each busy thread its own heap arena; sharp's libuv threads then fragment several.
const capped = child('arenas', { MALLOC_ARENA_MAX: '2' });
report(
  '  the same with MALLOC_ARENA_MAX=2',
  `${capped.maxRssMB.toFixed(0)} MB (${capped.pages} pages in ${capped.seconds.toFixed(1)} s)`,
  '',
  null,
);
fs.rmSync(DIR, { recursive: true, force: true });

const width = Math.max(...rows.map((r) => r.name.length));
console.log(
  `\nWarraq ingest bench (${PAGES} pages of 800 × 1200 per kind, ${ROUNDS} interleaved rounds, medians; ` +
    `${PAGE_CONCURRENCY} pages at a time; per core = pages / CPU seconds of this process)\n`,
);
for (const r of rows) {
  console.log(`${r.name.padEnd(width)}  ${r.value.padEnd(30)} ${r.target.padEnd(22)} ${r.verdict}`);
}
