// `npm run bench:load -w bench` (or `node bench/load.mjs` under Node 24): readers under load. Starts
// its own stack (like `npm start`: platform, worker, site, nginx edge, demo data), signs a few dozen
// reader accounts in, then drives BENCH_LOAD_READERS (200) concurrent readers for BENCH_LOAD_SECONDS
// (60) through the edge with autocannon — guests and signed-in readers mixed, opening series pages,
// chapter pages, the chapter API and page images, liking and commenting now and then — and prints
// errors (every answer but a 2xx counts, 429s included), p50/p99 per route and requests per core.
import autocannon from 'autocannon';
import http from 'node:http';
import os from 'node:os';
import { localConfig } from '../infra/scripts/lib/config.mjs';
import { step, warn } from '../infra/scripts/lib/log.mjs';
import { ensureServices } from '../infra/scripts/lib/services.mjs';
import { build, prepareDatabase, startStack } from '../infra/scripts/lib/stack.mjs';
import { honourConnectionClose } from './lib/keep-alive.mjs';
import { cpuSeconds } from './lib/measure.mjs';

const READERS = Number(process.env.BENCH_LOAD_READERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const ACCOUNTS = Number(process.env.BENCH_LOAD_ACCOUNTS ?? 40);
/**
 * Requests a second each reader makes (a reader turning pages fetches an image or two a second);
 * 0 sends the next as soon as the last is answered, which measures capacity, not a day's traffic.
 */
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 2);
const PASSWORD = 'Bench-Reader-Lantern-42!';
/** An answer slower than this is a timeout, and an error. */
const TIMEOUT_SECONDS = 10;

/**
 * Several checkouts on one machine: `WARRAQ_TEST_SLOT=N` gives the run its own database, Redis prefix
 * and data folder, and moves its default ports by N × 100, as it does for the tests.
 */
const SLOT = process.env.WARRAQ_TEST_SLOT ? Number(process.env.WARRAQ_TEST_SLOT) : 0;
const suffix = SLOT ? `_s${SLOT}` : '';
const port = (base) => String(base + SLOT * 100);

const config = localConfig({
  WARRAQ_ENV: 'production',
  WARRAQ_EDGE_PORT: process.env.WARRAQ_EDGE_PORT ?? port(28280),
  WARRAQ_PLATFORM_PORTS: process.env.WARRAQ_PLATFORM_PORTS ?? port(23201),
  WARRAQ_SITE_PORT: process.env.WARRAQ_SITE_PORT ?? port(24521),
  DATABASE_URL:
    process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/warraq_bench_load${suffix}`,
  WARRAQ_REDIS_PREFIX: `warraq-bench-load${suffix}:`,
  WARRAQ_DATA_DIR: `.data/bench-load${suffix}`,
});
const mangaHost = `manga.${config.baseDomain}:${config.edgePort}`;

/** One request through the edge with the manga site's Host, from a given loopback address. */
function call(method, path, { body, cookie, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { host: mangaHost };
    if (payload) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const req = http.request(
      { host: '127.0.0.1', port: config.edgePort, method, path, headers, localAddress },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // a page, not JSON
          }
          resolve({ status: res.statusCode, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The bench's reader accounts, signed in. Each registers (first run) and signs in from a loopback
 * address of its own, as separate people would: registration is limited per address and hour.
 */
async function signInReaders() {
  const cookies = [];
  for (let i = 1; i <= ACCOUNTS; i++) {
    const localAddress = `127.0.${Math.floor(i / 250) + 10}.${(i % 250) + 1}`;
    const username = `loadreader${i}`;
    const login = () =>
      call('POST', '/api/auth/login', { body: { username, password: PASSWORD }, localAddress });
    let res = await login();
    if (res.status === 401) {
      const registered = await call('POST', '/api/auth/register', {
        body: { username, email: `${username}@bench.warraq.localhost`, password: PASSWORD },
        localAddress,
      });
      if (registered.status !== 201 && registered.status !== 200) {
        throw new Error(`register ${username}: ${registered.status} ${JSON.stringify(registered.json)}`);
      }
      res = await login();
    }
    const sid = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('warraq_sid='));
    if (res.status !== 200 || !sid)
      throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
    cookies.push(sid.split(';')[0]);
  }
  return cookies;
}

/** Image chapters of the demo catalogue, from the public API as a reader's browser finds them. */
async function catalogue() {
  const feed = await call('GET', '/api/content/popular-new?type=manga');
  if (feed.status !== 200) throw new Error(`home feed: ${feed.status}`);
  const chapters = [];
  for (const update of feed.json.latestUpdates) {
    const series = `/series/manga/${encodeURIComponent(update.mangaSlug)}`;
    const api = `/api${series}/${update.chapterNumber}`;
    const chapter = await call('GET', api);
    if (chapter.status !== 200 || chapter.json.data.images.length === 0) continue;
    chapters.push({
      id: chapter.json.data.id,
      seriesId: chapter.json.data.mangaId,
      series,
      page: `${series}/${update.chapterNumber}`,
      api,
      images: chapter.json.data.images.map((url) => new URL(url, 'http://x').pathname),
    });
  }
  if (chapters.length === 0) throw new Error('the demo catalogue has no image chapters');
  return chapters;
}

/**
 * The readers, split into groups that each make one kind of request, so every route gets its own
 * latency figures. Reads go at RATE per reader; likes and comments at a fixed, lower rate, a small
 * fraction of the traffic, spread over the accounts.
 */
function groups(chapters, cookies) {
  let turn = 0;
  const pick = (list) => list[turn++ % list.length];
  const share = (fraction) => Math.max(1, Math.round(READERS * fraction));
  const get = (paths, signedIn) => ({
    ...(RATE > 0 ? { connectionRate: RATE } : {}),
    setupRequest: (req) => ({
      ...req,
      method: 'GET',
      path: pick(paths),
      headers: { ...req.headers, ...(signedIn ? { cookie: pick(cookies) } : {}) },
    }),
  });
  const images = chapters.flatMap((c) => c.images);
  const pageGroups = [
    {
      name: 'guest: series page',
      connections: share(0.15),
      ...get(
        chapters.map((c) => c.series),
        false,
      ),
    },
    {
      name: 'guest: chapter page',
      connections: share(0.15),
      ...get(
        chapters.map((c) => c.page),
        false,
      ),
    },
    {
      name: 'guest: chapter API',
      connections: share(0.15),
      ...get(
        chapters.map((c) => c.api),
        false,
      ),
    },
    { name: 'page images', connections: share(0.2), ...get(images, false) },
    {
      name: 'member: series page',
      connections: share(0.075),
      ...get(
        chapters.map((c) => c.series),
        true,
      ),
    },
    {
      name: 'member: chapter page',
      connections: share(0.075),
      ...get(
        chapters.map((c) => c.page),
        true,
      ),
    },
    {
      name: 'member: chapter API',
      connections: share(0.14),
      ...get(
        chapters.map((c) => c.api),
        true,
      ),
    },
  ];
  let likes = 0;
  let comments = 0;
  const writeGroups = [
    {
      // Each like is followed by its unlike from the same account, so the counts stay put.
      name: 'member: like / unlike',
      connections: share(0.03),
      connectionRate: 1,
      setupRequest: (req) => {
        const n = likes++;
        const chapter = chapters[Math.floor(n / 2) % chapters.length];
        return {
          ...req,
          method: 'POST',
          path: '/api/content/like',
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            cookie: cookies[Math.floor(n / 2) % cookies.length],
          },
          body: JSON.stringify({
            contentId: chapter.seriesId,
            chapterId: chapter.id,
            action: n % 2 ? 'unlike' : 'like',
          }),
        };
      },
    },
    {
      // One comment a second across the accounts (one per account every 40 s): under their 5 a minute.
      name: 'member: comment',
      connections: share(0.02),
      overallRate: 1,
      setupRequest: (req) => {
        const n = comments++;
        return {
          ...req,
          method: 'POST',
          path: '/api/comments',
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            cookie: cookies[n % cookies.length],
          },
          body: JSON.stringify({
            text: `فصل جميل، شكرًا للترجمة (${n})`,
            chapter_id: chapters[n % chapters.length].id,
          }),
        };
      },
    },
  ];
  const plan = [...pageGroups, ...writeGroups];
  // Rounding aside, exactly READERS readers: the largest group takes up the difference.
  const largest = plan.reduce((a, b) => (b.connections > a.connections ? b : a));
  largest.connections += READERS - plan.reduce((sum, g) => sum + g.connections, 0);
  return plan;
}

function runGroup(group) {
  const { name, setupRequest, ...options } = group;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${config.edgePort}`,
        headers: { host: mangaHost, 'accept-encoding': 'gzip, br' },
        duration: SECONDS,
        timeout: TIMEOUT_SECONDS,
        requests: [{ setupRequest }],
        // A connection nginx ends after keepalive_requests is reopened, as a browser does (not an error).
        setupClient: honourConnectionClose,
        ...options,
      },
      (error, result) => (error ? reject(error) : resolve({ name, result })),
    );
    instance.on('error', reject);
  });
}

await ensureServices();
if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
prepareDatabase(config);
const stack = await startStack(config, { quiet: true });
const serverPids = stack.processes.map((p) => p.pid);
try {
  step(`Signing in ${ACCOUNTS} reader accounts`);
  const cookies = await signInReaders();
  const chapters = await catalogue();
  const plan = groups(chapters, cookies);
  const total = plan.reduce((sum, g) => sum + g.connections, 0);
  const pace = RATE > 0 ? `${RATE} requests/s each` : 'each as fast as answered';
  step(
    `${total} readers (${pace}) for ${SECONDS} s over ${chapters.length} chapters through the edge (port ${config.edgePort})`,
  );
  // The machine may be shared: its load beside the figures says how much CPU the stack could get.
  const loadBefore = os.loadavg()[0];
  const cpuBefore = cpuSeconds(serverPids);
  const started = Date.now();
  const results = await Promise.all(plan.map(runGroup));
  const elapsed = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(serverPids) - cpuBefore;

  let requests = 0;
  let errors = 0;
  const rows = results.map(({ name, result }, i) => {
    const group = plan[i];
    const failed = result.errors + result.timeouts + result.non2xx;
    requests += result.requests.total;
    errors += failed;
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    return {
      route: name,
      readers: group.connections,
      requests: result.requests.total,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: failed ? `${failed} ${statuses}`.trim() : 0,
    };
  });
  console.log('');
  console.table(rows);
  const apiP99 = Math.max(...rows.filter((r) => /API|like|comment/.test(r.route)).map((r) => r['p99 ms']));
  console.log(`
readers                 ${total} (${pace}) for ${SECONDS} s (${Math.round(elapsed)} s measured)
requests                ${requests} (${Math.round(requests / elapsed)} req/s)
errors                  ${errors} (target 0)
API p99 (worst route)   ${apiP99} ms (target < 250 ms)
per core                ${Math.round(requests / cpu)} requests per CPU second of the stack's processes (${cpu.toFixed(1)} s used)
machine load            1-min load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores`);
  if (errors > 0) warn(`${errors} requests failed`);
} finally {
  await stack.stop();
}
