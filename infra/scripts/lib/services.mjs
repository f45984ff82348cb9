import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { hasBrotli } from './edge.mjs';
import { capture, commandExists, ROOT, run, sleep } from './run.mjs';
import { step, warn } from './log.mjs';

function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, what, seconds = 30) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await portAnswers(port)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not start listening on 127.0.0.1:${port}`);
}

let aptUpdated = false;

/** Runs a command as root: directly when we are root, else through sudo. */
function asRoot(command, args, options) {
  if (process.getuid?.() === 0) return run(command, args, options);
  if (!commandExists('sudo')) throw new Error(`${command} ${args.join(' ')} needs root; run it as root`);
  return run('sudo', [command, ...args], options);
}

/** Installs Debian packages that are missing. */
export function aptInstall(...packages) {
  step(`Installing Debian packages: ${packages.join(' ')}`);
  const options = { env: { DEBIAN_FRONTEND: 'noninteractive' } };
  if (!aptUpdated) {
    asRoot('apt-get', ['update', '-qq'], options);
    aptUpdated = true;
  }
  asRoot('apt-get', ['install', '-y', '-qq', ...packages], options);
}

async function ensurePostgres() {
  if (await portAnswers(5432)) return;
  if (!commandExists('pg_ctlcluster')) aptInstall('postgresql');
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  const version = versions.sort().pop();
  if (!version) throw new Error('PostgreSQL is installed but has no cluster in /etc/postgresql');
  // Local development trusts loopback connections, as the developers' machines do.
  const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const rules = fs.readFileSync(hba, 'utf8');
  if (!rules.includes('# warraq: trust loopback')) {
    const trust = '# warraq: trust loopback\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n';
    fs.writeFileSync(hba, trust + rules);
  }
  // The package may have started the cluster itself: then it only needs to re-read pg_hba.conf.
  const cluster = ['--skip-systemctl-redirect', version, 'main'];
  const running = capture('pg_ctlcluster', [...cluster, 'status']) !== null;
  step(`${running ? 'Reloading' : 'Starting'} PostgreSQL ${version}`);
  asRoot('pg_ctlcluster', [...cluster, running ? 'reload' : 'start']);
  await waitForPort(5432, 'PostgreSQL');
}

async function ensureRedis() {
  if (await portAnswers(6379)) return;
  if (!commandExists('redis-server')) aptInstall('redis-server');
  // The package may have started a server already.
  if (await portAnswers(6379)) return;
  // Persistent (append-only file): sessions and queued jobs must survive a Redis restart.
  const dir = path.join(ROOT, '.data/redis');
  fs.mkdirSync(dir, { recursive: true });
  step(`Starting Redis (data in ${dir})`);
  run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    '6379',
    '--dir',
    dir,
    '--appendonly',
    'yes',
  ]);
  await waitForPort(6379, 'Redis');
}

export function ensureNginx() {
  if (!commandExists('nginx') && !fs.existsSync('/usr/sbin/nginx')) aptInstall('nginx-light');
  // Brotli is a bonus: without its module the edge serves gzip only (see edge.mjs), so a machine
  // where the packages cannot be installed still starts. One attempt per machine, not per start.
  const marker = path.join(ROOT, '.data/brotli-install-tried');
  if (!hasBrotli() && commandExists('apt-get') && !fs.existsSync(marker)) {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
    try {
      aptInstall('libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static');
    } catch (error) {
      warn(`nginx's brotli module could not be installed (${error.message}); the edge serves gzip only`);
    }
  }
  return fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

export function ensureChromium() {
  if (!fs.existsSync('/usr/bin/chromium')) aptInstall('chromium', 'fonts-noto-core');
  return '/usr/bin/chromium';
}

/** The Nu HTML checker (the vnu-jar package, run by the accessibility spec) needs a Java runtime. */
export function ensureJava() {
  if (!commandExists('java')) aptInstall('default-jre-headless');
}

/** Makes PostgreSQL and Redis answer on 127.0.0.1, starting (and installing) local ones when needed. */
export async function ensureServices() {
  step('Checking PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379)');
  await ensurePostgres();
  await ensureRedis();
  if (capture('redis-cli', ['-h', '127.0.0.1', 'ping']) === null && commandExists('redis-cli')) {
    warn('Redis answers on 6379 but not to PING');
  }
  warnIfRedisForgets();
}

/**
 * Sessions and queued jobs live in Redis: a server that was already running (the distribution's,
 * say) and keeps neither an append-only file nor snapshots loses them all when it restarts.
 */
function warnIfRedisForgets() {
  if (!commandExists('redis-cli')) return;
  // `config get` answers the name, then the value (an empty value is trimmed away with the output's end).
  const setting = (name) => {
    const answer = capture('redis-cli', ['-h', '127.0.0.1', '--raw', 'config', 'get', name]);
    return answer === null ? null : (answer.split('\n')[1] ?? '');
  };
  const [appendonly, save] = [setting('appendonly'), setting('save')];
  if (appendonly === 'no' && save === '') {
    warn(
      'Redis on 6379 keeps no data across a restart (appendonly no, no snapshots): signed-in readers would be ' +
        'signed out and queued chapters re-queued from PostgreSQL. Set `appendonly yes` in its configuration.',
    );
  }
}

export { portAnswers, waitForPort };
