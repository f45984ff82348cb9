import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { stackEnv } from './config.mjs';
import { PAGE_STORE_SWEEP, writeEdgeConfig } from './edge.mjs';
import { step, warn } from './log.mjs';
import { ensureNginx, portAnswers } from './services.mjs';
import { ROOT, run, sleep, startChild, stopChild } from './run.mjs';

const PLATFORM = path.join(ROOT, 'platform');
const SITE = path.join(ROOT, 'site');

export function build() {
  step('Building contracts, platform and site');
  run('turbo', ['run', 'build', '--output-logs=errors-only'], {
    env: { TURBO_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' },
  });
}

/** Creates the database if needed, applies migrations, and seeds the demo data. */
export function prepareDatabase(config, { seed = true } = {}) {
  const env = stackEnv(config);
  step('Applying database migrations');
  run('node', ['dist/database/cli/migrate.js'], { cwd: PLATFORM, env });
  if (seed) {
    step('Seeding demo data');
    run('node', ['dist/database/cli/seed.js'], { cwd: PLATFORM, env });
  }
}

/** GET through the edge with a given Host, the way a browser on that subdomain would. */
function edgeGet(config, host, pathname) {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port: config.edgePort, path: pathname, headers: { host }, timeout: 2000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
  });
}

async function waitUntil(what, check, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`${what} did not become ready within ${seconds} s`);
}

/** Restart delays: 1 s, doubling up to 30 s; back to 1 s once a process has stayed up a minute. */
export const RESTART_FIRST_MS = 1000;
export const RESTART_MAX_MS = 30_000;
const RESTART_RESET_AFTER_MS = 60_000;

/**
 * Keeps one process running: when it dies it is started again after a delay that doubles while it
 * keeps dying, and the reason (exit code or signal) is logged. `onExit` hears every unexpected exit.
 */
function supervise(name, start, onExit) {
  let child = start();
  let stopped = false;
  let delay = RESTART_FIRST_MS;
  let timer;
  const watch = () => {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (stopped) return;
      onExit({ name, code, signal });
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) delay = RESTART_FIRST_MS;
      const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
      warn(`${name} ${why}; restarting it in ${delay / 1000} s`);
      timer = setTimeout(() => {
        if (stopped) return;
        child = start();
        watch();
      }, delay);
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
  };
  watch();
  return {
    name,
    get pid() {
      return child.pid;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await stopChild(child);
    },
  };
}

/**
 * Starts every process of one local stack — platform replica(s), worker, site, edge — and waits
 * until the edge answers for both the API and the site. From then on a process that dies is
 * restarted (with backoff, logged); only stop() ends them all. A process that dies before the stack
 * is ready fails the start instead.
 */
export async function startStack(config, { quiet = false } = {}) {
  const taken = [];
  for (const port of [config.edgePort, config.sitePort, ...config.platformPorts]) {
    if (await portAnswers(port)) taken.push(port);
  }
  if (taken.length) {
    throw new Error(
      `Ports already in use: ${taken.join(', ')} (is another Warraq still running? set WARRAQ_EDGE_PORT etc. to move)`,
    );
  }
  const env = stackEnv(config);
  const processes = [];
  const nginxBin = ensureNginx();
  const edge = writeEdgeConfig(config);
  let reportEarlyExit;
  const earlyExit = new Promise((resolve) => (reportEarlyExit = resolve));
  let ready = false;
  const onExit = (exit) => {
    if (!ready) reportEarlyExit(exit);
  };
  const run = (name, command, args, options) =>
    processes.push(supervise(name, () => startChild(name, command, args, { ...options, quiet }), onExit));

  config.platformPorts.forEach((port, i) => {
    run(config.platformPorts.length > 1 ? `platform-${i + 1}` : 'platform', 'node', ['dist/main.js'], {
      cwd: PLATFORM,
      env: { ...env, WARRAQ_PLATFORM_PORT: String(port), WARRAQ_INSTANCE_ID: `platform-${port}` },
    });
  });
  // Fewer glibc malloc arenas keep sharp's many short-lived buffers from inflating the worker's RSS
  // (measured by `npm run bench:ingest -w bench`: 236 MB → 176 MB peak on a 300-page zip).
  const workerEnv = { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
  run('worker', 'node', ['dist/worker.js'], { cwd: PLATFORM, env: workerEnv });
  run('site', 'node', ['dist/server/entry.mjs'], {
    cwd: SITE,
    env: { ...env, HOST: '127.0.0.1', PORT: String(config.sitePort) },
  });
  run('edge', nginxBin, ['-p', edge.prefix, '-c', edge.file, '-g', 'daemon off;'], {});
  // Frees the edge's stored public documents of past seconds (infra/nginx/page-store.conf).
  run('page-store-sweep', '/bin/sh', [PAGE_STORE_SWEEP, edge.pageStore], {});

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(edge.pidFile, { force: true });
  };

  const host = `${config.baseDomain}:${config.edgePort}`;
  const readiness = Promise.all([
    waitUntil(
      'platform (through the edge)',
      async () => (await edgeGet(config, host, '/api/system/ping')) === 200,
    ),
    waitUntil('site (through the edge)', async () => (await edgeGet(config, host, '/')) === 200),
    ...config.platformPorts.map((port) => waitUntil(`platform on ${port}`, () => portAnswers(port))),
  ]);
  let early;
  try {
    early = await Promise.race([readiness.then(() => null), earlyExit]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (early) {
    await stop();
    throw new Error(`${early.name} exited during start-up (code ${early.code ?? early.signal})`);
  }
  ready = true;
  return { stop, processes };
}
