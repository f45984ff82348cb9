// `npm run bench -w bench` (or `node bench/run.mjs` under Node 24): starts what it needs and prints
// every speed figure of the series-and-reading issue as ratios against baselines run alongside.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { step } from '../infra/scripts/lib/log.mjs';
import { commandExists, sleep, startChild, stopChild } from '../infra/scripts/lib/run.mjs';
import { aptInstall, ensureServices, waitForPort } from '../infra/scripts/lib/services.mjs';
import { build, prepareDatabase, startStack } from '../infra/scripts/lib/stack.mjs';
import { writeEdgeConfig } from '../infra/scripts/lib/edge.mjs';
import { benchConfig, slotPort } from './lib/bench-config.mjs';
import { ensureCatalogue } from './lib/catalogue.mjs';
import { interleaved, wrk } from './lib/measure.mjs';
import { nginxInstructionsPerRequest } from './lib/nginx-instructions.mjs';
import { startStaticNginx, staticNginxConf } from './lib/static-nginx.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// Ports move by 10 per `WARRAQ_TEST_SLOT`, as bench/signed-in.mjs does (steps of 10 keep slots 0-9
// clear of the other benches' and the tests' ports).
const PORT_STEP = 10;
const config = benchConfig(PORT_STEP);
const STATIC_PORT = Number(slotPort(28690, PORT_STEP));
const BASELINE_PORT = Number(slotPort(28790, PORT_STEP));
// The edge and the static nginx again, one process each under callgrind (the `hit` figure).
const COUNTED_EDGE_PORT = Number(slotPort(28890, PORT_STEP));
const COUNTED_STATIC_PORT = Number(slotPort(28990, PORT_STEP));
const mangaHost = `manga.${config.baseDomain}:${config.edgePort}`;
const platformPort = config.platformPorts[0];
const edgeUrl = (p) => `http://127.0.0.1:${config.edgePort}${p}`;

/**
 * GET with a given Host, the way a browser on that subdomain asks (fetch would drop the Host header).
 * Answers the body, uncompressed, as a Buffer.
 */
function get(url, host) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: host ? { host } : {} }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url} (${host}) → ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}
/** GET asking for gzip, as wrk does: the status, the headers and the body exactly as sent (still compressed). */
function getAsSent(url, host) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
  });
}
/** A second as nginx's `$time_iso8601` names it (local time and offset): a page-store folder. */
function isoSecond(date) {
  const pad = (n) => String(n).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`;
}
const getJson = async (url, host) => JSON.parse((await get(url, host)).toString('utf8'));
const gz = (buf) => zlib.gzipSync(buf, { level: 6 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pct = (x) => `${Math.round(x * 100)}%`;
const rows = [];
/** `BENCH_ONLY=page,bytes` runs only those figures (page, hit, chapter, list, bytes); all by default. */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const want = (figure) => !only || only.includes(figure);

/** Gzipped bytes of every script a page loads: tags, island components and renderers, and their imports. */
async function javascriptBytes(html, host) {
  const seen = new Set();
  const queue = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  let total = 0;
  while (queue.length) {
    const src = queue.pop();
    if (seen.has(src)) continue;
    seen.add(src);
    const code = await get(edgeUrl(src), host);
    total += gz(code);
    for (const m of code
      .toString('utf8')
      .matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1], `http://x${src}`).pathname);
    }
  }
  return total;
}
const report = (name, value, target, ok) =>
  rows.push({ name, value, target, verdict: ok === null ? '' : ok ? 'met' : 'NOT met' });

if (!commandExists('wrk')) aptInstall('wrk');
if (want('hit') && !commandExists('valgrind')) aptInstall('valgrind');
await ensureServices();
if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
prepareDatabase(config);
step('Topping the catalogue up to 20,000 series');
ensureCatalogue(config.databaseUrl, 20_000);
const stack = await startStack(config, { quiet: true });
const pidsOf = (...names) => stack.processes.filter((p) => names.includes(p.name)).map((p) => p.pid);
const extra = [];
try {
  // A real, approved series with image chapters, chosen through the public API (the latest update).
  const feed = await getJson(edgeUrl('/api/content/popular-new'), mangaHost);
  const update = feed.latestUpdates.find((u) => u.mangaType === 'manga');
  if (!update) throw new Error('no manga chapter among the latest updates');
  const slug = update.mangaSlug;
  const number = update.chapterNumber;
  const seriesPath = `/series/manga/${encodeURIComponent(slug)}`;
  const chapterPath = `${seriesPath}/${number}`;
  step(`Series under test: ${slug}, chapter ${number}`);

  // The series page as the edge sends it, and the same bytes as files for the static baseline.
  const staticDir = path.join(config.dataDir, 'static');
  let sent;
  if (want('page') || want('hit')) {
    // 1. Series page through the edge vs nginx serving the same bytes from disk.
    // The baseline serves the very answer wrk gets from the edge: the same compressed bytes (as a
    // precompressed file, as a static site would ship them) and the same headers.
    // A copy from the edge's page store (X-Cache: FILE), as nearly every request of the run gets it:
    // the first request of each second makes that second's copy (infra/nginx/page-store.conf).
    sent = await getAsSent(edgeUrl(seriesPath), mangaHost);
    for (let i = 0; i < 20 && sent.headers['x-cache'] !== 'FILE'; i++) {
      sent = await getAsSent(edgeUrl(seriesPath), mangaHost);
    }
    if (
      sent.status !== 200 ||
      sent.headers['content-encoding'] !== 'gzip' ||
      sent.headers['x-cache'] !== 'FILE'
    )
      throw new Error(
        `the series page came back ${sent.status}, ${sent.headers['content-encoding'] ?? 'not gzipped'}, ${sent.headers['x-cache']}`,
      );
    // Under the page's own path, so the static nginx is asked the very request the edge is (the
    // percent-encoded Arabic name costs nginx's URI parser as much as the rest of a hit's work).
    const staticFile = path.join(staticDir, decodeURIComponent(seriesPath));
    fs.rmSync(staticDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(staticFile), { recursive: true });
    fs.writeFileSync(staticFile, zlib.gunzipSync(sent.body));
    fs.writeFileSync(`${staticFile}.gz`, sent.body);
  }
  if (want('page')) {
    const staticNginx = startStaticNginx({
      dir: staticDir,
      port: STATIC_PORT,
      prefix: path.join(config.dataDir, 'static-nginx'),
      headers: sent.headers,
    });
    extra.push(staticNginx);
    await waitForPort(STATIC_PORT, 'static nginx');
    step('Series page: edge vs static nginx');
    const page = interleaved(
      {
        edge: () =>
          wrk({
            url: edgeUrl(seriesPath),
            host: mangaHost,
            pids: pidsOf('edge', 'page-store-sweep', 'site', 'platform'),
            part: pidsOf('edge'),
            seconds: SECONDS,
          }),
        // The very request the edge gets, Host included (nginx checks every byte of it).
        static: () =>
          wrk({
            url: `http://127.0.0.1:${STATIC_PORT}${seriesPath}`,
            host: mangaHost,
            pids: [staticNginx.pid],
            seconds: SECONDS,
          }),
      },
      ROUNDS,
    );
    // Each round's edge against the static round right after it: how far the machine moves the ratio.
    const paired = page.edge.rounds.map((r, i) => r.perCore / page.static.rounds[i].perCore);
    const spread = `rounds ${pct(Math.min(...paired))}–${pct(Math.max(...paired))}`;
    report(
      'series page via edge, req/s per core vs static nginx',
      `${Math.round(page.edge.perCore)} vs ${Math.round(page.static.perCore)} = ${pct(page.edge.perCore / page.static.perCore)} (${spread})`,
      '≥ 95%',
      page.edge.perCore / page.static.perCore >= 0.95,
    );
    // The edge's nginx alone: the rest is the site and platform refreshing the page every 4 s and
    // idling (timers, Redis), which the figure above counts too.
    report(
      "series page, the edge's nginx alone vs static nginx",
      `${Math.round(page.edge.perCorePart)} vs ${Math.round(page.static.perCore)} = ${pct(page.edge.perCorePart / page.static.perCore)}`,
      '',
      null,
    );
  }
  if (want('hit')) {
    // 1b. The same hit, counted: the instructions nginx runs in user space per request, edge vs static.
    step('Series page hit: instructions per request under callgrind, edge vs static nginx');
    const gzipped = (response) =>
      response.statusCode !== 200 || response.headers['content-encoding'] !== 'gzip'
        ? `${response.statusCode}, ${response.headers['content-encoding'] ?? 'not gzipped'}`
        : null;
    // Both sides are asked the same request, Host included.
    const countedHost = `manga.${config.baseDomain}:${COUNTED_EDGE_PORT}`;
    const staticPrefix = path.join(config.dataDir, 'static-nginx-counted');
    fs.mkdirSync(path.join(staticPrefix, 'logs'), { recursive: true });
    const staticCount = await nginxInstructionsPerRequest({
      conf: staticNginxConf({
        dir: staticDir,
        port: COUNTED_STATIC_PORT,
        prefix: staticPrefix,
        headers: sent.headers,
      }),
      prefix: staticPrefix,
      port: COUNTED_STATIC_PORT,
      url: `http://127.0.0.1:${COUNTED_STATIC_PORT}${seriesPath}`,
      headers: { host: countedHost, 'accept-encoding': 'gzip' },
      check: gzipped,
    });
    // An edge of its own (the routes the running edge has, another port and folder), whose page store
    // holds the running edge's copy in the folder of every second of the next two minutes: every
    // counted request is a hit, as nearly every request of the wrk rounds is. The copy's name is the
    // one routes.conf sends a gzip reader: <second>/<scheme>/h<Host><uri>.p.gz
    // (infra/nginx/page-store.conf); the check below fails the run if it no longer is.
    const counted = writeEdgeConfig({ ...config, edgePort: COUNTED_EDGE_PORT, edgeTlsPort: undefined });
    const now = Date.now();
    for (let ahead = -2; ahead <= 120; ahead++) {
      const copy = path.join(
        counted.pageStore,
        isoSecond(new Date(now + ahead * 1000)),
        'http',
        `h${countedHost}${decodeURIComponent(seriesPath)}.p.gz`,
      );
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, sent.body);
    }
    const edgeCount = await nginxInstructionsPerRequest({
      conf: fs.readFileSync(counted.file, 'utf8'),
      prefix: counted.prefix,
      port: COUNTED_EDGE_PORT,
      url: `http://127.0.0.1:${COUNTED_EDGE_PORT}${seriesPath}`,
      headers: { host: countedHost, 'accept-encoding': 'gzip' },
      check: (response) =>
        gzipped(response) ??
        (response.headers['x-cache'] === 'FILE' ? null : `X-Cache ${response.headers['x-cache']}`),
    });
    const k = (n) => `${(n / 1000).toFixed(1)}k`;
    report(
      'series page hit, nginx instructions per request: edge vs static',
      `${k(edgeCount)} vs ${k(staticCount)} = ${pct(edgeCount / staticCount)}`,
      '',
      null,
    );
  }
  if (want('chapter')) {
    // 2. Chapter API vs bare Node http + pg running the same SQL.
    const baseline = startChild('baseline', 'node', ['bench/baselines/chapter-server.mjs'], {
      env: { DATABASE_URL: config.databaseUrl, PORT: String(BASELINE_PORT) },
    });
    extra.push(baseline);
    await waitForPort(BASELINE_PORT, 'baseline chapter server');
    step('Chapter API: platform vs bare Node + pg');
    /** Platform vs baseline on the chapter URL; `script` (wrk Lua) rewrites each request. */
    const compareChapter = (script) =>
      interleaved(
        {
          platform: () =>
            wrk({
              url: `http://127.0.0.1:${platformPort}/api${chapterPath}`,
              host: mangaHost,
              pids: pidsOf('platform'),
              seconds: SECONDS,
              script,
            }),
          baseline: () =>
            wrk({
              url: `http://127.0.0.1:${BASELINE_PORT}${chapterPath}`,
              pids: [baseline.pid],
              seconds: SECONDS,
              script,
            }),
        },
        ROUNDS,
      );
    const reportChapter = (label, result, target, minimum) => {
      const ratio = result.platform.perCore / result.baseline.perCore;
      report(
        `chapter API ${label}: req/s per core vs bare node+pg`,
        `${Math.round(result.platform.perCore)} vs ${Math.round(result.baseline.perCore)} = ${pct(ratio)}`,
        target,
        ratio >= minimum,
      );
    };
    const chapter = compareChapter(undefined);
    reportChapter('warm', chapter, '≥ 100%', 1);
    // Cold: a fresh `variant` on every request (it falls back to the default variant) misses every cache.
    const coldScript = path.join(config.dataDir, 'cold.lua');
    fs.writeFileSync(
      coldScript,
      'request = function() return wrk.format(nil, wrk.path .. "?variant=" .. math.random(1, 2000000000)) end\n',
    );
    reportChapter('cold', compareChapter(coldScript), '≥ 40%', 0.4);
    report(
      'chapter API p99 at 50 connections',
      `${chapter.platform.p99.toFixed(1)} ms`,
      '< 50 ms',
      chapter.platform.p99 < 50,
    );
  }
  if (want('list')) {
    // 3. List p99 at page 1 vs page 500 of the 20,000-series catalogue.
    step('List API: page 1 vs page 500 (reached by keyset cursor, as the next link does)');
    const listUrl = (query) => `http://127.0.0.1:${platformPort}/api/content?limit=20&${query}`;
    const page499 = await getJson(listUrl('page=499'), mangaHost);
    const page500 = `page=500&after=${page499.meta.nextCursor}`;
    const lists = interleaved(
      {
        first: () =>
          wrk({ url: listUrl('page=1'), host: mangaHost, pids: pidsOf('platform'), seconds: SECONDS }),
        deep: () =>
          wrk({ url: listUrl(page500), host: mangaHost, pids: pidsOf('platform'), seconds: SECONDS }),
        offset: () =>
          wrk({ url: listUrl('page=500'), host: mangaHost, pids: pidsOf('platform'), seconds: SECONDS }),
      },
      ROUNDS,
    );
    const ms = (x) => `${x.toFixed(1)} ms`;
    report(
      'list p99, page 500 (cursor) vs page 1',
      `${ms(lists.deep.p99)} vs ${ms(lists.first.p99)} = ${(lists.deep.p99 / lists.first.p99).toFixed(2)}×`,
      '≤ 2×',
      lists.deep.p99 / lists.first.p99 <= 2,
    );
    report(
      'list p99, page 500 by offset (a jump) vs page 1',
      `${ms(lists.offset.p99)} vs ${ms(lists.first.p99)} = ${(lists.offset.p99 / lists.first.p99).toFixed(2)}×`,
      '',
      null,
    );
  }
  if (want('bytes')) {
    // 4. Bytes per page type: gzipped HTML and the JS it loads.
    step('Bytes per page type');
    const pages = {
      landing: ['/', `${config.baseDomain}:${config.edgePort}`],
      'manga home': ['/', mangaHost],
      list: ['/series/manga', mangaHost],
      series: [seriesPath, mangaHost],
      reader: [chapterPath, mangaHost],
      login: ['/login', mangaHost],
    };
    for (const [name, [p, host]] of Object.entries(pages)) {
      const body = await get(edgeUrl(p), host);
      const js = await javascriptBytes(body.toString('utf8'), host);
      const target = name === 'series' ? '< 15 KB html' : '';
      report(
        `${name}: HTML / JS (gzipped)`,
        `${kb(gz(body))} / ${kb(js)}`,
        target,
        name === 'series' ? gz(body) < 15 * 1024 : null,
      );
    }
  }
} finally {
  await Promise.all(extra.map((child) => stopChild(child)));
  await stack.stop();
}

await sleep(100);
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\nWarraq bench (${ROUNDS} interleaved rounds of ${SECONDS} s, medians; wrk -c50 on loopback)\n`);
for (const r of rows)
  console.log(`${r.name.padEnd(width)}  ${r.value.padEnd(34)} ${r.target.padEnd(26)} ${r.verdict}`);
