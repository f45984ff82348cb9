import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../config/app-config';
import { PasswordHasher } from '../../modules/auth/password-hasher.service';
import { mikroOrmConfig } from '../mikro-orm.config';
import { seedDemoAccounts } from '../seeders/demo-accounts.seeder';

/** `npm run seed -w platform`: upserts the demo accounts and prints them. Run after `migrate`. */
async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await MikroORM.init(mikroOrmConfig(config));
  try {
    const hasher = new PasswordHasher();
    const seeded = await seedDemoAccounts(orm.em.fork(), (password) => hasher.hash(password));
    console.log('Demo accounts (passwords reset on every seed):');
    console.table(
      seeded.map((a) => ({
        id: a.id,
        role: a.role,
        username: a.username,
        email: a.email,
        password: a.password,
        status: a.created ? 'created' : 'updated',
      })),
    );
  } finally {
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
