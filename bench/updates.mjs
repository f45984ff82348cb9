// `npm run bench:updates -w bench`: the reader's /updates feed (issue 14) deep in its pages. Starts its
// own stack (platform, worker, site, nginx edge, like `npm start`) on a private database topped up to
// BENCH_UPDATES_SERIES (3,000) approved series of four chapters each, of which one reader follows
// BENCH_UPDATES_FOLLOWED (500), plus pending chapters that must never show. The reader signs in
// through the edge; the bench walks the keyset cursors to page 50 once, then times
// `GET /api/follows/updates` at page 1 and at page 50, alternated, through the edge (real HTTP, the
// session cookie, the platform's whole request path), and prints p50/p99 of each and their ratio
// (issue 14: page 50 within 2× of page 1). Times are printed, never asserted.
import http from 'node:http';
import { localConfig } from '../infra/scripts/lib/config.mjs';
import { step } from '../infra/scripts/lib/log.mjs';
import { ensureServices } from '../infra/scripts/lib/services.mjs';
import { build, prepareDatabase, startStack } from '../infra/scripts/lib/stack.mjs';
import pg from 'pg';
import { ensureDatabase } from './lib/database.mjs';

const SERIES = Number(process.env.BENCH_UPDATES_SERIES ?? 3000);
const FOLLOWED = Number(process.env.BENCH_UPDATES_FOLLOWED ?? 500);
const DEEP_PAGE = Number(process.env.BENCH_UPDATES_PAGE ?? 50);
const SAMPLES = Number(process.env.BENCH_UPDATES_SAMPLES ?? 300);
const PASSWORD = 'Bench-Updates-Lantern-42!';
const slot = Number(process.env.WARRAQ_TEST_SLOT ?? 0);
const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/warraq_bench_updates${slot ? `_s${slot}` : ''}`;
const config = localConfig({
  WARRAQ_ENV: 'production',
  WARRAQ_EDGE_PORT: process.env.WARRAQ_EDGE_PORT ?? String(28480 + slot * 10),
  WARRAQ_PLATFORM_PORTS: process.env.WARRAQ_PLATFORM_PORTS ?? String(23401 + slot * 10),
  WARRAQ_SITE_PORT: process.env.WARRAQ_SITE_PORT ?? String(24721 + slot * 10),
  DATABASE_URL: databaseUrl,
  WARRAQ_REDIS_PREFIX: `warraq-bench-updates${slot ? `_s${slot}` : ''}:`,
  WARRAQ_DATA_DIR: '.data/bench-updates',
});
const host = `manga.${config.baseDomain}:${config.edgePort}`;

/** One request through the edge with the manga site's Host; answers status, headers, JSON and time. */
function call(method, path, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { host };
    if (payload) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const started = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port: config.edgePort, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        let json = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode, headers: res.headers, json, ms });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The catalogue: series with approved chapters spread over 90 days, and a pending chapter in every tenth. */
async function topUp(db) {
  const have = (await db.query(`select count(*)::int as n from series where slug like 'bupd-%'`)).rows[0].n;
  if (have >= SERIES) return;
  step(`Writing ${SERIES - have} series with their chapters`);
  await db.query(
    `insert into series (type, slug, title, moderation_status)
     select 'manga', 'bupd-' || g, 'عمل للقياس ' || g, 'approved' from generate_series($1::int, $2::int) g`,
    [have + 1, SERIES],
  );
  await db.query(
    `insert into chapter (series_id, number, language, translation_group, moderation_status, published_at, page_count)
     select s.id, n, 'AR', 'bench', 'approved', now() - random() * interval '90 days', 1
     from series s cross join generate_series(1, 4) n
     where s.slug like 'bupd-%' and not exists (select 1 from chapter c where c.series_id = s.id)`,
  );
  await db.query(
    `insert into chapter (series_id, number, language, translation_group, moderation_status, page_count)
     select s.id, 5, 'AR', 'bench', 'pending', 1 from series s
     where s.slug like 'bupd-%' and s.id % 10 = 0 on conflict do nothing`,
  );
  await db.query('vacuum analyze');
}

/** The bench reader (registered through the API on the first run), signed in; follows by SQL. */
async function reader(db) {
  const username = 'updatesreader';
  const login = () => call('POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  let res = await login();
  if (res.status === 401) {
    const registered = await call('POST', '/api/auth/register', {
      body: { username, email: `${username}@bench.warraq.localhost`, password: PASSWORD },
    });
    if (registered.status !== 201 && registered.status !== 200) {
      throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
    }
    res = await login();
  }
  const sid = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('warraq_sid='));
  if (res.status !== 200 || !sid) throw new Error(`login: ${res.status} ${JSON.stringify(res.json)}`);
  const { id } = (await db.query('select id from "user" where username = $1', [username])).rows[0];
  // Every sixth series, so the followed chapters are spread through the whole published index.
  await db.query(
    `insert into series_follow (user_id, series_id)
     select $1, id from series where slug like 'bupd-%' and id % 6 = 0 order by id limit $2
     on conflict do nothing`,
    [id, FOLLOWED],
  );
  const followed = (await db.query('select count(*)::int as n from series_follow where user_id = $1', [id]))
    .rows[0].n;
  await db.query('vacuum analyze series_follow');
  return { cookie: sid.split(';')[0], followed };
}

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

await ensureServices();
if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
await ensureDatabase(databaseUrl);
prepareDatabase(config, { seed: false });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
await topUp(db);
const stack = await startStack(config, { quiet: true });
try {
  const { cookie, followed } = await reader(db);
  const feed = (cursor) =>
    call('GET', `/api/follows/updates?type=manga${cursor ? `&cursor=${cursor}` : ''}`, { cookie });

  step(`Walking to page ${DEEP_PAGE} of a reader following ${followed} series`);
  let cursor = null;
  let deepCursor = null;
  let pageSize = 0;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const res = await feed(cursor);
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${JSON.stringify(res.json)}`);
    pageSize ||= res.json.data.reduce((sum, group) => sum + group.chapters.length, 0);
    cursor = res.json.nextCursor;
    if (!cursor) throw new Error(`the feed ended at page ${page}: follow more series`);
  }
  deepCursor = cursor;
  const deep = await feed(deepCursor);
  const deepCount = deep.json.data.reduce((sum, group) => sum + group.chapters.length, 0);
  if (deep.status !== 200 || deepCount === 0) throw new Error(`page ${DEEP_PAGE} is empty`);

  step(`Timing ${SAMPLES} requests of each page, alternated (after ${Math.min(30, SAMPLES)} warm-up rounds)`);
  const times = { first: [], deep: [] };
  for (let i = 0; i < Math.min(30, SAMPLES); i++) {
    await feed(null);
    await feed(deepCursor);
  }
  for (let i = 0; i < SAMPLES; i++) {
    const order = i % 2 ? ['first', 'deep'] : ['deep', 'first'];
    for (const which of order) {
      const res = await feed(which === 'first' ? null : deepCursor);
      if (res.status !== 200) throw new Error(`${which}: ${res.status}`);
      times[which].push(res.ms);
    }
  }
  const row = (name, list) => ({
    page: name,
    requests: list.length,
    'p50 ms': Number(percentile(list, 50).toFixed(1)),
    'p99 ms': Number(percentile(list, 99).toFixed(1)),
  });
  console.log('');
  console.table([row('1', times.first), row(String(DEEP_PAGE), times.deep)]);
  const p99Ratio = percentile(times.deep, 99) / percentile(times.first, 99);
  const p50Ratio = percentile(times.deep, 50) / percentile(times.first, 50);
  console.log(`
reader follows          ${followed} series (${SERIES} in the catalogue, ${pageSize} chapters a page)
page ${DEEP_PAGE} / page 1 p99     ${p99Ratio.toFixed(2)}× (target ≤ 2×)
page ${DEEP_PAGE} / page 1 p50     ${p50Ratio.toFixed(2)}×`);
} finally {
  await db.end();
  await stack.stop();
}
