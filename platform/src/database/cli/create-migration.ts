import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../config/app-config';
import { mikroOrmConfig } from '../mikro-orm.config';

/**
 * `npm run migration:create -w platform -- [name] [--blank]`: diffs the entities against DATABASE_URL
 * (migrated to the latest version) and writes a TypeScript migration into src/database/migrations.
 * Add the new class to src/database/migrations/index.ts, then rebuild.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const blank = args.includes('--blank');
  const name = args.find((a) => !a.startsWith('--'));
  const orm = await MikroORM.init(mikroOrmConfig(loadConfig()));
  try {
    const result = await orm.migrator.create(undefined, blank, false, name);
    if (!result.fileName) console.log('no changes: no migration written');
    else
      console.log(
        `wrote src/database/migrations/${result.fileName}; add it to src/database/migrations/index.ts`,
      );
  } finally {
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
