import { capture, run } from './run.mjs';

/** A clean slate for the browser tests: a dropped database and no Redis keys under their prefix. */
export async function resetE2eState(config) {
  const url = new URL(config.databaseUrl);
  const database = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`Unexpected e2e database name ${database}`);
  run('psql', [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    url.username || 'postgres',
    '-d',
    'postgres',
    '-qc',
    `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
  ]);
  const redis = new URL(config.redisUrl);
  const redisArgs = ['-h', redis.hostname, '-p', redis.port || '6379', '-n', redis.pathname.slice(1) || '0'];
  const keys = capture('redis-cli', [...redisArgs, '--scan', '--pattern', `${config.redisPrefix}*`]);
  for (const batch of chunk((keys ?? '').split('\n').filter(Boolean), 500)) {
    run('redis-cli', [...redisArgs, 'DEL', ...batch], { stdio: 'ignore' });
  }
}

function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
