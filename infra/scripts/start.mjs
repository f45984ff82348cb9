// `npm start`: services, build, migrations, demo data, then every process behind one local port.
import { localConfig, siteAddresses } from './lib/config.mjs';
import { fail, step } from './lib/log.mjs';
import { ensureServices } from './lib/services.mjs';
import { build, prepareDatabase, startStack } from './lib/stack.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/run.mjs';

const config = localConfig();

try {
  await ensureServices();
  if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
  // WARRAQ_SKIP_SEED=1 applies migrations only (a database that has its data, or a test that needs none).
  prepareDatabase(config, { seed: process.env.WARRAQ_SKIP_SEED !== '1' });
  step(`Starting platform, worker, site and edge on port ${config.edgePort}`);
  const stack = await startStack(config);

  const addresses = siteAddresses(config);
  const { DEMO_ACCOUNTS: accounts } = await import(
    pathToFileURL(path.join(ROOT, 'platform/dist/database/seeders/demo-accounts.js')).href
  );
  console.log('\n\x1b[1mWarraq is running.\x1b[0m Open:');
  for (const [name, url] of Object.entries(addresses)) console.log(`  ${name.padEnd(10)} ${url}`);
  console.log(`  (also: http://localhost:${config.edgePort}/manga/… or ?subdomain=manga on any host)`);
  console.log('\nDemo accounts:');
  for (const account of accounts)
    console.log(`  ${account.role.padEnd(11)} ${account.username.padEnd(10)} ${account.password}`);
  console.log('\nA process that dies is restarted. Press Ctrl-C to stop everything.\n');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    step('Stopping every Warraq process');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
