import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { stackEnv } from './config.mjs';
import { writeEdgeConfig } from './edge.mjs';
import { step } from './log.mjs';
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

/**
 * Starts every process of one local stack — platform replica(s), worker, site, edge — and waits
 * until the edge answers for both the API and the site. Returns a handle whose stop() ends them all.
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
  const children = [];
  const nginxBin = ensureNginx();
  const edge = writeEdgeConfig(config);

  config.platformPorts.forEach((port, i) => {
    children.push(
      startChild(
        config.platformPorts.length > 1 ? `platform-${i + 1}` : 'platform',
        'node',
        ['dist/main.js'],
        {
          cwd: PLATFORM,
          env: { ...env, WARRAQ_PLATFORM_PORT: String(port), WARRAQ_INSTANCE_ID: `platform-${port}` },
          quiet,
        },
      ),
    );
  });
  // Fewer glibc malloc arenas keep sharp's many short-lived buffers from inflating the worker's RSS
  // (measured by `npm run bench:ingest -w bench`: 236 MB → 176 MB peak on a 300-page zip).
  const workerEnv = { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
  children.push(startChild('worker', 'node', ['dist/worker.js'], { cwd: PLATFORM, env: workerEnv, quiet }));
  children.push(
    startChild('site', 'node', ['dist/server/entry.mjs'], {
      cwd: SITE,
      env: { ...env, HOST: '127.0.0.1', PORT: String(config.sitePort) },
      quiet,
    }),
  );
  children.push(
    startChild('edge', nginxBin, ['-p', edge.prefix, '-c', edge.file, '-g', 'daemon off;'], { quiet }),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map((child) => stopChild(child)));
    fs.rmSync(edge.pidFile, { force: true });
  };
  const exited = new Promise((resolve) => {
    for (const child of children) {
      child.once('exit', (code, signal) => {
        if (!stopping) resolve({ name: child.displayName, code, signal });
      });
    }
  });

  const host = `${config.baseDomain}:${config.edgePort}`;
  const ready = Promise.all([
    waitUntil(
      'platform (through the edge)',
      async () => (await edgeGet(config, host, '/api/system/ping')) === 200,
    ),
    waitUntil('site (through the edge)', async () => (await edgeGet(config, host, '/')) === 200),
    ...config.platformPorts.map((port) => waitUntil(`platform on ${port}`, () => portAnswers(port))),
  ]);
  let early;
  try {
    early = await Promise.race([ready.then(() => null), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (early) {
    await stop();
    throw new Error(`${early.name} exited during start-up (code ${early.code ?? early.signal})`);
  }
  return { stop, exited, children };
}
