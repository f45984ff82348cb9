import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/database/database-admin';
import { migrateDatabase } from '../src/database/cli/migrate';
import { TEMPLATE_DATABASE, TEST_DATABASE_SERVER_URL } from './test-env';

/** Once per run: a freshly migrated template database that every test file clones. */
export default async function globalSetup(): Promise<void> {
  const templateUrl = withDatabaseName(TEST_DATABASE_SERVER_URL, TEMPLATE_DATABASE);
  await dropDatabase(templateUrl);
  await ensureDatabaseExists(templateUrl);
  await migrateDatabase(templateUrl, () => undefined);
}
