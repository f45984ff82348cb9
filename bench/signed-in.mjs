// `npm run bench:signed-in -w bench` (or `node bench/signed-in.mjs` under Node 24): what a signed-in
// reader's page view costs against a guest's, through the edge, in the same run, on four public
// documents: a series page, an image chapter, a list page (a type's popular list) and a novel chapter.
// Starts its own stack (demo data; ports 28380 / 23301 / 24621, database `warraq_bench_public`; with
// WARRAQ_TEST_SLOT=N, ports + 10 N and the database and Redis prefix suffixed `_sN`), signs a reader in, and
// drives BENCH_CONNECTIONS (20) connections with autocannon, interleaved rounds (A B C A B C …),
// medians. A page view is what the browser asks for to show the page: the HTML and the page-state
// call (`GET /api/me/page-state`, which the edge answers itself for a guest). Per core = page views
// divided by the CPU seconds the stack's own processes (edge, site, platform) used, from /proc.
// BENCH_PAGES=series,chapter measures only those pages (series, chapter, list, novel).
import autocannon from 'autocannon';
import http from 'node:http';
import { localConfig } from '../infra/scripts/lib/config.mjs';
import { step } from '../infra/scripts/lib/log.mjs';
import { ensureServices } from '../infra/scripts/lib/services.mjs';
import { build, prepareDatabase, startStack } from '../infra/scripts/lib/stack.mjs';
import { honourConnectionClose } from './lib/keep-alive.mjs';
import { cpuSeconds, median } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PASSWORD = 'Bench-Reader-Lantern-42!';
const SLOT = Number(process.env.WARRAQ_TEST_SLOT ?? 0);
const suffix = SLOT ? `_s${SLOT}` : '';
const config = localConfig({
  WARRAQ_ENV: 'production',
  WARRAQ_EDGE_PORT: process.env.WARRAQ_EDGE_PORT ?? String(28380 + SLOT * 10),
  WARRAQ_PLATFORM_PORTS: process.env.WARRAQ_PLATFORM_PORTS ?? String(23301 + SLOT * 10),
  WARRAQ_SITE_PORT: process.env.WARRAQ_SITE_PORT ?? String(24621 + SLOT * 10),
  DATABASE_URL:
    process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/warraq_bench_public${suffix}`,
  WARRAQ_REDIS_PREFIX: `warraq-bench-public${suffix}:`,
  WARRAQ_DATA_DIR: `.data/bench-public${suffix}`,
});
const hostOf = (site) => `${site}.${config.baseDomain}:${config.edgePort}`;
const mangaHost = hostOf('manga');

/** One request through the edge with the manga site's Host: status, headers and JSON (if any). */
function call(method, path, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { host: mangaHost };
    if (payload) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const req = http.request({ host: '127.0.0.1', port: config.edgePort, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let json = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // a page, not JSON
        }
        resolve({ status: res.statusCode, headers: res.headers, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The bench's reader, registered on the first run, signed in: its session cookie. */
async function readerCookie() {
  const username = 'publicbench1';
  const login = () => call('POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  let res = await login();
  if (res.status === 401) {
    const registered = await call('POST', '/api/auth/register', {
      body: { username, email: `${username}@bench.warraq.localhost`, password: PASSWORD },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    res = await login();
  }
  const sid = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('warraq_sid='));
  if (res.status !== 200 || !sid) throw new Error(`login: ${res.status} ${JSON.stringify(res.json)}`);
  return sid.split(';')[0];
}

/** The newest approved chapter of `type` the home feed lists whose content `wanted` accepts. */
async function latestChapter(type, wanted) {
  const feed = await call('GET', `/api/content/popular-new?type=${type}`);
  for (const update of feed.json?.latestUpdates ?? []) {
    const slug = encodeURIComponent(update.mangaSlug);
    const chapter = await call('GET', `/api/series/manga/${slug}/${update.chapterNumber}`);
    if (chapter.status === 200 && wanted(chapter.json.data)) {
      return {
        slug,
        number: update.chapterNumber,
        id: chapter.json.data.id,
        seriesId: chapter.json.data.mangaId,
      };
    }
  }
  throw new Error(`the demo catalogue has no such ${type} chapter`);
}

/** The pages under test, each on its own site: its HTML and its page-state call. */
async function pagesUnderTest() {
  const image = await latestChapter('manga', (data) => data.images.length > 0);
  const text = await latestChapter('novel', (data) => Boolean(data.text));
  const series = `/series/manga/${image.slug}`;
  const state = (query) => `/api/me/page-state${query ? `?${query}` : ''}`;
  return {
    series: { host: mangaHost, html: series, state: state(`contentId=${image.seriesId}`) },
    chapter: {
      host: mangaHost,
      html: `${series}/${image.number}`,
      state: state(`contentId=${image.seriesId}&chapterId=${image.id}`),
    },
    list: { host: hostOf('manhwa'), html: '/manhwa/popular', state: state('') },
    novel: {
      host: hostOf('novel'),
      html: `/novel/${text.slug}/chapter/${text.number}`,
      state: state(`contentId=${text.seriesId}&chapterId=${text.id}`),
    },
  };
}

/** `paths` asked in turn on every connection for SECONDS; figures per page view of `paths.length` requests. */
async function views(host, paths, cookie, pids) {
  const before = cpuSeconds(pids);
  const instance = autocannon({
    url: `http://127.0.0.1:${config.edgePort}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { host, 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
    requests: paths.map((path) => ({ method: 'GET', path })),
    setupClient: honourConnectionClose,
  });
  // What went wrong, by kind (error code or message, and the status of any non-2xx answer), so a
  // failed run says why instead of only how many.
  const problems = new Map();
  const note = (kind) => problems.set(kind, (problems.get(kind) ?? 0) + 1);
  instance.on('reqError', (error) => note(error.code ?? error.message));
  instance.on('response', (_client, status) => {
    if (status < 200 || status > 299) note(`HTTP ${status}`);
  });
  const result = await instance;
  const cpu = cpuSeconds(pids) - before;
  if (result.non2xx || result.errors || result.timeouts || result.mismatches) {
    const kinds = [...problems].map(([kind, count]) => `${kind} ×${count}`).join(', ');
    throw new Error(
      `${paths.join(' + ')}: ${result.non2xx} non-2xx, ${result.errors} errors ` +
        `(${result.timeouts} timeouts; ${kinds || 'no detail'}) ` +
        `out of ${result.requests.total} requests`,
    );
  }
  const pageViews = result.requests.total / paths.length;
  return { rps: pageViews / SECONDS, perCore: pageViews / cpu, p99: result.latency.p99 };
}

await ensureServices();
if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
prepareDatabase(config);
const stack = await startStack(config, { quiet: true });
const pids = stack.processes.filter((p) => ['edge', 'site', 'platform'].includes(p.name)).map((p) => p.pid);
const rows = [];
try {
  const cookie = await readerCookie();
  const pages = await pagesUnderTest();
  step(
    `Pages under test: ${Object.values(pages)
      .map((page) => page.html)
      .join(', ')}`,
  );
  const only = process.env.BENCH_PAGES?.split(',');
  for (const [name, page] of Object.entries(pages)) {
    if (only && !only.includes(name)) continue;
    const variants = {
      'guest (HTML)': () => views(page.host, [page.html], null, pids),
      'guest (HTML + page state)': () => views(page.host, [page.html, page.state], null, pids),
      'signed in (HTML + page state)': () => views(page.host, [page.html, page.state], cookie, pids),
    };
    const runs = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
    // One unmeasured round first: the first seconds of load on a fresh platform run code V8 has not
    // optimised yet (its page state cost 360 µs of CPU a call then, 230 µs warm), and a running
    // platform is warm.
    for (const run of Object.values(variants)) await run();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [key, run] of Object.entries(variants)) runs[key].push(await run());
    }
    const med = (key, field) => median(runs[key].map((r) => r[field]));
    const guest = med('guest (HTML + page state)', 'perCore');
    for (const key of Object.keys(variants)) {
      rows.push({
        page: name,
        view: key,
        rps: Math.round(med(key, 'rps')),
        perCore: Math.round(med(key, 'perCore')),
        p99: med(key, 'p99'),
        ratio: med(key, 'perCore') / guest,
      });
    }
  }
} finally {
  await stack.stop();
}

console.log(
  `\nSigned-in vs guest page views through the edge (${ROUNDS} interleaved rounds of ${SECONDS} s, ` +
    `medians; autocannon -c${CONNECTIONS})\n`,
);
console.log('page     view                            views/s  per core  p99 ms  vs guest');
for (const r of rows) {
  console.log(
    `${r.page.padEnd(8)} ${r.view.padEnd(31)} ${String(r.rps).padStart(7)} ${String(r.perCore).padStart(9)} ` +
      `${r.p99.toFixed(0).padStart(7)} ${`${Math.round(r.ratio * 100)}%`.padStart(9)}`,
  );
}
const signed = rows.filter((r) => r.view.startsWith('signed in'));
console.log(
  `\ntarget: signed-in ≥ 10% of guest per core and p99 < 50 ms → ` +
    signed.map((r) => `${r.page} ${Math.round(r.ratio * 100)}% / ${r.p99.toFixed(0)} ms`).join(', '),
);
