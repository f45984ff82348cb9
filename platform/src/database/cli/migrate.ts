import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../config/app-config';
import { ensureDatabaseExists, splitDatabaseUrl } from '../database-admin';
import { mikroOrmConfig } from '../mikro-orm.config';

/** `npm run migrate -w platform`: creates the database when missing, then applies pending migrations. */
export async function migrateDatabase(
  databaseUrl: string,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const { name } = splitDatabaseUrl(databaseUrl);
  if (await ensureDatabaseExists(databaseUrl)) log(`created database ${name}`);
  const orm = await MikroORM.init({
    ...mikroOrmConfig({ databaseUrl, logSql: false }),
    pool: { min: 0, max: 1 },
  });
  try {
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await migrateDatabase(config.databaseUrl);
  const { name } = splitDatabaseUrl(config.databaseUrl);
  console.log(
    applied.length
      ? `applied ${applied.length} migration(s) to ${name}: ${applied.join(', ')}`
      : `database ${name} is up to date`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
