// `npm run bench:fanout -w bench`: the new-chapter fan-out of issue 14, on the platform's compiled
// code (platform/dist, built first unless WARRAQ_SKIP_BUILD=1) against a private database topped up
// to 100,000 followers of one series.
//
//   1. Notifications written per second per core by the fan-out (FanoutService.announce: the
//      recipients query with language and group preferences, the INSERT … SELECT with its unique
//      (reader, chapter) index, the returned rows and the live pushes) vs a bare INSERT … SELECT of
//      the same rows from series_follow, interleaved in the same run. Per core = rows divided by the
//      CPU seconds of the database backends of the bench database plus this process (the Redis
//      server's share of the pushes is not counted: it is shared with the rest of the machine).
//   2. p99 of the approve call (ModerationService.act, the whole decision and its after-commit
//      steps, in process) for chapters of a series with 100,000 followers vs one with none,
//      alternated. The fan-out itself runs in the worker, which is not started here.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { localConfig } from '../infra/scripts/lib/config.mjs';
import { step } from '../infra/scripts/lib/log.mjs';
import { build, prepareDatabase } from '../infra/scripts/lib/stack.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { cpuSeconds } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 150);
const slot = process.env.WARRAQ_TEST_SLOT ? `_s${process.env.WARRAQ_TEST_SLOT}` : '';
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/warraq_bench_fanout${slot}`;
const config = localConfig({
  WARRAQ_ENV: 'production',
  DATABASE_URL: databaseUrl,
  WARRAQ_REDIS_PREFIX: `warraq-bench-fanout${slot}:`,
  WARRAQ_DATA_DIR: '.data/bench-fanout',
});

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Users, two series (with and without followers), and the followers, once per database. */
async function topUp(db) {
  const have = await db.query(`select count(*)::int as n from "user" where username like 'bfan%'`);
  if (have.rows[0].n < FOLLOWERS) {
    step(`Writing ${FOLLOWERS} readers`);
    await db.query(
      `insert into "user" (username, email, password_hash, role, preferences, username_skeleton)
       select 'bfan' || g, 'bfan' || g || '@bench.test', 'x', 'reader', '{}'::jsonb, 'bfan' || g
       from generate_series($1::int, $2::int) g`,
      [have.rows[0].n + 1, FOLLOWERS],
    );
  }
  await db.query(
    `insert into "user" (username, email, password_hash, role, preferences, username_skeleton)
     values ('bmod', 'bmod@bench.test', 'x', 'moderator', '{}'::jsonb, 'bmod'),
            ('bup', 'bup@bench.test', 'x', 'reader', '{}'::jsonb, 'bup')
     on conflict do nothing`,
  );
  for (const slug of ['bench-followed', 'bench-unfollowed']) {
    await db.query(
      `insert into series (type, slug, title, moderation_status) values ('manga', $1, $1, 'approved')
       on conflict (slug) do nothing`,
      [slug],
    );
  }
  const ids = Object.fromEntries(
    (await db.query(`select slug, id from series where slug like 'bench-%'`)).rows.map((r) => [r.slug, r.id]),
  );
  const users = Object.fromEntries(
    (await db.query(`select username, id from "user" where username in ('bmod', 'bup')`)).rows.map((r) => [
      r.username,
      r.id,
    ]),
  );
  step('Following the series');
  await db.query(
    `insert into series_follow (user_id, series_id)
     select id, $1 from "user" where username like 'bfan%' on conflict do nothing`,
    [ids['bench-followed']],
  );
  // A tenth hide a group and a tenth choose languages, so the preference rules have work to do.
  await db.query(
    `update series_follow set hidden_groups = '{other}' where series_id = $1 and user_id % 10 = 0`,
    [ids['bench-followed']],
  );
  await db.query(
    `insert into reader_preference (user_id, languages)
     select id, '{AR,EN}' from "user" where username like 'bfan%' and id % 10 = 1 on conflict do nothing`,
  );
  await db.query('vacuum analyze');
  return { followed: ids['bench-followed'], unfollowed: ids['bench-unfollowed'], ...users };
}

let nextNumber = 1;
async function newChapter(db, seriesId, uploaderId, status) {
  const number = nextNumber++;
  const { rows } = await db.query(
    `insert into chapter (series_id, number, title, language, translation_group, uploader_id, moderation_status,
       published_at, page_count)
     values ($1, $2 + (select coalesce(max(number), 0) from chapter where series_id = $1), null, 'AR', 'bench', $3, $4,
       ${status === 'approved' ? 'now()' : 'null'}, 1)
     returning id`,
    [seriesId, number, uploaderId, status],
  );
  return rows[0].id;
}

async function backendPids(db, name) {
  const { rows } = await db.query('select pid from pg_stat_activity where datname = $1', [name]);
  return rows.map((r) => r.pid);
}

async function main() {
  if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
  await ensureDatabase(databaseUrl);
  prepareDatabase(config, { seed: false });
  Object.assign(process.env, {
    WARRAQ_ENV: 'production',
    DATABASE_URL: databaseUrl,
    WARRAQ_REDIS_PREFIX: `warraq-bench-fanout${slot}:`,
    WARRAQ_DATA_DIR: path.join(ROOT, '.data/bench-fanout'),
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const seeded = await topUp(db);

  // The platform's own modules, compiled: the fan-out as the worker runs it, moderation as the API does.
  const { NestFactory } = require(require.resolve('@nestjs/core', { paths: [path.join(ROOT, 'platform')] }));
  const { loadConfig } = require('../platform/dist/config/app-config.js');
  const { WorkerModule } = require('../platform/dist/worker.module.js');
  const { AppModule } = require('../platform/dist/app.module.js');
  const { FanoutService } = require('../platform/dist/modules/follows/fanout.service.js');
  const { ModerationService } = require('../platform/dist/modules/moderation/moderation.service.js');
  const platformConfig = loadConfig();

  // 1. Fan-out vs bare INSERT … SELECT.
  step('Fan-out of one chapter');
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(platformConfig), {
    logger: ['error'],
  });
  const fanout = worker.get(FanoutService);
  const chapterId = await newChapter(db, seeded.followed, seeded.bup, 'approved');
  const measure = async (run) => {
    await db.query('delete from notification where chapter_id = $1', [chapterId]);
    await db.query('vacuum notification');
    const pids = await backendPids(db, dbName);
    const cpu0 = cpuSeconds(pids);
    const own0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const rows = await run();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const own = process.cpuUsage(own0);
    const cpu =
      cpuSeconds([...new Set([...pids, ...(await backendPids(db, dbName))])]) -
      cpu0 +
      (own.user + own.system) / 1e6;
    return { rows, seconds, perCore: rows / cpu, perSecond: rows / seconds };
  };
  const variants = {
    fanout: async () => (await fanout.announce([chapterId])).notifications,
    bare: async () =>
      (
        await db.query(
          `insert into notification (user_id, chapter_id, type, title, body, path)
           select f.user_id, $2, 'chapter', 'فصل جديد', 'صدر الفصل', '/series/manga/bench-followed/1'
           from series_follow f where f.series_id = $1`,
          [seeded.followed, chapterId],
        )
      ).rowCount,
  };
  const runs = { fanout: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(variants)) runs[name].push(await measure(run));
  }
  await db.query('delete from notification where chapter_id = $1', [chapterId]);
  await worker.close();
  // The fan-out rounds leave dead rows behind: cleared before the timed approvals, not during them.
  await db.query('vacuum analyze');

  // 2. The approve call with and without followers.
  step(`Approving ${APPROVALS} chapters of each series, alternated`);
  const api = await NestFactory.createApplicationContext(AppModule.forRoot(platformConfig), {
    logger: ['error'],
  });
  const moderation = api.get(ModerationService);
  const actor = { id: seeded.bmod, username: 'bmod', role: 'moderator' };
  const latencies = { followed: [], unfollowed: [] };
  for (let i = 0; i < APPROVALS + 5; i++) {
    for (const name of ['followed', 'unfollowed']) {
      const id = await newChapter(db, seeded[name], seeded.bup, 'pending');
      const t0 = process.hrtime.bigint();
      await moderation.act(actor, {
        action: 'approve',
        contentType: 'chapter',
        id,
        note: undefined,
        expectedStatus: undefined,
      });
      // The first few warm the caches and connections up on both sides.
      if (i >= 5) latencies[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  // The waiting list is the worker's; nothing runs it here.
  await db.query('delete from chapter_fanout');
  await api.close();
  await db.end();

  const f = {
    perCore: median(runs.fanout.map((r) => r.perCore)),
    perSecond: median(runs.fanout.map((r) => r.perSecond)),
  };
  const b = {
    perCore: median(runs.bare.map((r) => r.perCore)),
    perSecond: median(runs.bare.map((r) => r.perSecond)),
  };
  const p99 = {
    followed: percentile(latencies.followed, 99),
    unfollowed: percentile(latencies.unfollowed, 99),
  };
  const p50 = {
    followed: percentile(latencies.followed, 50),
    unfollowed: percentile(latencies.unfollowed, 50),
  };
  const fmt = (n) => Math.round(n).toLocaleString('en');
  console.log(
    `\nfan-out of one chapter to ${fmt(runs.fanout[0].rows)} followers (${ROUNDS} interleaved rounds, medians)`,
  );
  console.log(`  fan-out      ${fmt(f.perSecond)} rows/s, ${fmt(f.perCore)} rows/s per core`);
  console.log(`  bare insert  ${fmt(b.perSecond)} rows/s, ${fmt(b.perCore)} rows/s per core`);
  console.log(`  ratio per core ${((f.perCore / b.perCore) * 100).toFixed(0)}% (target ≥ 50%)`);
  console.log(
    `approve call p99 over ${APPROVALS} each: ${p99.followed.toFixed(1)} ms with ${fmt(FOLLOWERS)} followers, ${p99.unfollowed.toFixed(1)} ms with none`,
  );
  console.log(
    `  ratio ${(p99.followed / p99.unfollowed).toFixed(2)}× (target ≤ 1.2×); p50 ${p50.followed.toFixed(1)} vs ${p50.unfollowed.toFixed(1)} ms`,
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
