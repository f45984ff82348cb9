import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorBody } from '../src/common/filters/api-exception.filter';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/database/database-admin';
import { EDGE_BASE_DOMAIN, edgeRequest, freePort } from './edge-helpers';
import { TEMPLATE_DATABASE, TEST_DATABASE_SERVER_URL } from './test-env';

const ROOT = resolve(__dirname, '../..');

/** The processes `npm start` started: its direct children, by what they run. */
function childrenOf(parentPid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parentPid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      found.push({ pid: Number(entry), command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => Promise<T | null | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Finding 7 of the reliability issue, with `npm start` itself as a real process: a SIGKILLed
 * platform or site is restarted (logged, with backoff) while the rest keeps running — the edge
 * serves cached guest pages and answers API calls with a JSON 503 meanwhile — and only Ctrl-C
 * (SIGINT) stops everything.
 */
describe('npm start supervises its processes', () => {
  let start: ChildProcess;
  let output = '';
  let edgePort: number;
  let databaseUrl: string;
  let dataDir: string;
  const host = () => `manga.${EDGE_BASE_DOMAIN}:${edgePort}`;
  const get = (path: string) => edgeRequest(edgePort, 'GET', host(), path);
  const find = (what: string) => childrenOf(start.pid!).find((c) => c.command.includes(what));

  beforeAll(async () => {
    const id = randomBytes(4).toString('hex');
    databaseUrl = withDatabaseName(TEST_DATABASE_SERVER_URL, `warraq_test_start_${id}`);
    await ensureDatabaseExists(databaseUrl, TEMPLATE_DATABASE);
    dataDir = join(tmpdir(), `warraq-start-${id}`);
    edgePort = await freePort();
    const [platformPort, sitePort] = [await freePort(), await freePort()];
    start = spawn(join(ROOT, 'node_modules/.bin/node'), ['infra/scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        WARRAQ_SKIP_BUILD: '1',
        // Supervision needs no demo catalogue: seeding it took minutes on a loaded machine.
        WARRAQ_SKIP_SEED: '1',
        WARRAQ_ENV: 'test',
        WARRAQ_EDGE_PORT: String(edgePort),
        WARRAQ_PLATFORM_PORTS: String(platformPort),
        WARRAQ_SITE_PORT: String(sitePort),
        DATABASE_URL: databaseUrl,
        WARRAQ_REDIS_PREFIX: `warraq-test-start-${id}:`,
        WARRAQ_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      'npm start ready',
      async () => {
        if (start.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        return output.includes('Warraq is running');
      },
      // Migrations, then four processes starting on a possibly loaded machine.
      180_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    });
  }, 200_000);

  afterAll(async () => {
    if (start.exitCode === null) {
      start.kill('SIGINT');
      await new Promise((r) => start.once('exit', r));
    }
    await dropDatabase(databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('restarts a killed platform and site; the edge serves cached pages and JSON 503 meanwhile', async () => {
    // A guest's page, cached by the edge.
    await until('a stored guest page', async () => (await get('/')).headers['x-cache'] === 'FILE');
    const platform = find('dist/main.js')!;
    const site = find('dist/server/entry.mjs')!;
    const others = childrenOf(start.pid!).filter((c) => c.pid !== platform.pid && c.pid !== site.pid);
    expect(others.map((c) => c.command).join('\n')).toMatch(
      /dist\/worker\.js[\s\S]*nginx|nginx[\s\S]*worker/,
    );

    process.kill(platform.pid, 'SIGKILL');
    process.kill(site.pid, 'SIGKILL');
    await until('both dead', async () => !alive(platform.pid) && !alive(site.pid));

    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['x-cache']).toMatch(/FILE|HIT|STALE|UPDATING/);
    const api = await get('/api/system/ping');
    expect([api.status, api.headers['content-type']]).toEqual([503, 'application/json; charset=utf-8']);
    expect(JSON.parse(api.body.toString())).toMatchObject({
      statusCode: 503,
      message: errorBody(503).message,
    });

    // Both come back on their own, as new processes; nothing else was stopped.
    await until('the API again', async () => (await get('/api/system/ping')).status === 200);
    await until('the site again', async () => find('dist/server/entry.mjs')?.pid !== site.pid);
    expect(find('dist/main.js')!.pid).not.toBe(platform.pid);
    for (const other of others) expect(alive(other.pid)).toBe(true);
    expect(output).toMatch(/platform killed by SIGKILL; restarting it in 1 s/);
    expect(output).toMatch(/site killed by SIGKILL; restarting it in 1 s/);
    expect(start.exitCode).toBeNull();

    // Backoff: dying again soon after its restart, it waits twice as long before the next one.
    const again = find('dist/main.js')!;
    process.kill(again.pid, 'SIGKILL');
    await until('the second restart logged', async () =>
      /platform killed by SIGKILL; restarting it in 2 s/.test(output),
    );
    await until('the API once more', async () => (await get('/api/system/ping')).status === 200);
    expect(find('dist/main.js')!.pid).not.toBe(again.pid);
    expect(start.exitCode).toBeNull();
  }, 120_000);

  it('stops everything on Ctrl-C', async () => {
    const children = childrenOf(start.pid!);
    expect(children.length).toBeGreaterThanOrEqual(4);
    start.kill('SIGINT');
    const code = await new Promise<number | null>((r) => start.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    for (const child of children) expect(alive(child.pid)).toBe(false);
  }, 60_000);
});
