// `npm run bench:ingest-rss -w bench`: the worker's peak memory (VmHWM of a worker-like child running
// the compiled pipeline, MALLOC_ARENA_MAX=2 as npm start and the systemd unit run it) on every fixture
// of the reliability issue — an ordinary 300-page zip, the strip bombs, the disk amplifier and the
// partial-failure zip — against the 512 MB ceiling. Fixtures are built in code, as in the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { step } from '../infra/scripts/lib/log.mjs';
import { ROOT, run } from '../infra/scripts/lib/run.mjs';

const DIR = path.join(ROOT, '.data/bench-ingest-rss');
const CEILING_MB = 512;

if (process.env.WARRAQ_SKIP_BUILD !== '1') {
  step('Building contracts and platform');
  run(
    'turbo',
    ['run', 'build', '--filter=@warraq/platform', '--filter=@warraq/test-media', '--output-logs=errors-only'],
    { env: { TURBO_TELEMETRY_DISABLED: '1' } },
  );
}
const { makePageJpeg, makePagePng, zipOfPages, diskAmplifierZip, stripBombZip, partialFailureZip } =
  await import('@warraq/test-media');

fs.rmSync(DIR, { recursive: true, force: true });
fs.mkdirSync(DIR, { recursive: true });

step('Building the fixtures');
const scans = [];
const arts = [];
for (let n = 1; n <= 20; n++) {
  scans.push(await makePageJpeg(n));
  arts.push(await makePagePng(n));
}
const fixtures = {
  'ordinary chapter, 300 pages (JPEG + PNG, 800 × 1200)': zipOfPages(
    Array.from({ length: 300 }, (_, i) => ({
      name: `p${i + 1}.${i % 2 ? 'png' : 'jpg'}`,
      data: (i % 2 ? arts : scans)[Math.floor(i / 2) % 20],
    })),
  ),
  'strip bomb: 4 strips of 1000 × 50,000': await stripBombZip(4),
  'strip bomb: 20 strips of 1000 × 50,000': await stripBombZip(20),
  'disk amplifier: 300 entries of 3.4 MB that start like JPEGs': diskAmplifierZip(300, 3_400_000),
  'partial failure: 5 good pages and a truncated sixth': await partialFailureZip(),
};

const rows = [];
for (const [name, zip] of Object.entries(fixtures)) {
  const file = path.join(DIR, 'upload.zip');
  fs.writeFileSync(file, zip);
  step(name);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench/lib/ingest-child.mjs'), file, path.join(DIR, 'run')],
    {
      encoding: 'utf8',
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    },
  );
  fs.rmSync(path.join(DIR, 'run'), { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`the ingest child failed on ${name}:\n${result.stderr}`);
  const out = JSON.parse(result.stdout.trim().split('\n').pop());
  rows.push({
    name,
    zip: `${(zip.length / 1048576).toFixed(1)} MB`,
    outcome: out.rejected ? `refused: ${out.rejected}` : `${out.pages} pages, ${out.slices} images`,
    seconds: out.seconds.toFixed(1),
    rss: out.maxRssMB,
  });
}
fs.rmSync(DIR, { recursive: true, force: true });

const width = Math.max(...rows.map((r) => r.name.length));
console.log(
  `\nWarraq ingest peak memory (VmHWM of a worker-like process, MALLOC_ARENA_MAX=2; ceiling ${CEILING_MB} MB)\n`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(width)}  ${r.zip.padStart(8)}  ${r.outcome.padEnd(28)} ${r.seconds.padStart(6)} s  ${r.rss.toFixed(0).padStart(4)} MB  ${r.rss <= CEILING_MB ? 'met' : 'NOT met'}`,
  );
}
