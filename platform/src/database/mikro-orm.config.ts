import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** The one ORM configuration, used by the app, the worker, the CLIs and the tests. */
export function mikroOrmConfig(
  config: Pick<AppConfig, 'databaseUrl' | 'logSql'>,
  clientUrl = config.databaseUrl,
) {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    debug: config.logSql,
    allowGlobalContext: false,
    pool: { min: 0, max: 10 },
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      // Source folder for `migration:create`; running migrations never reads files.
      path: join(__dirname, '..', '..', 'src', 'database', 'migrations'),
      emit: 'ts',
      snapshot: false,
      snapshotOnMigrate: false,
      transactional: true,
      allOrNothing: true,
    },
  });
}
