import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../config/app-config';
import { PasswordHasher } from '../../modules/auth/password-hasher.service';
import { createMediaStorage } from '../../modules/media/create-media-storage';
import { LedgeredMediaStorage } from '../../modules/media/ledgered-media.storage';
import { MediaObjectRepository } from '../../modules/media/media-object.repository';
import { mikroOrmConfig } from '../mikro-orm.config';
import { seedDemoAccounts } from '../seeders/demo-accounts.seeder';
import {
  backfillCoverRenditions,
  backfillPageRenditions,
  seedDemoContent,
} from '../seeders/demo-content.seeder';
import { seedDemoRegistry } from '../seeders/demo-registry.seeder';

/** `npm run seed -w platform`: upserts the demo accounts and the demo catalogue. Run after `migrate`. */
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
    const idOf = (role: string) => seeded.find((a) => a.role === role)!.id;
    const started = Date.now();
    const where =
      config.mediaStore.driver === 's3'
        ? `s3://${config.mediaStore.s3.bucket}/${config.mediaStore.s3.prefix}`
        : config.mediaDir;
    console.log(`Demo content (media in ${where}):`);
    const storage = new LedgeredMediaStorage(
      createMediaStorage(config),
      new MediaObjectRepository(orm.em.fork()),
    );
    const content = await seedDemoContent(
      orm.em.fork(),
      storage,
      {
        owner: idOf('superadmin'),
        admin: idOf('admin'),
        moderator: idOf('moderator'),
        reader: idOf('reader'),
      },
      (line) => console.log(line),
    );
    console.log(
      `series: ${content.created} created, ${content.skipped} already there; chapters: ${content.chapters}; ` +
        `images: ${content.images}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const renditions = await backfillPageRenditions(orm.em.fork(), storage);
    if (renditions > 0) console.log(`renditions: ${renditions} earlier page(s) given their narrower copies`);
    const covers = await backfillCoverRenditions(orm.em.fork(), storage);
    if (covers > 0) console.log(`renditions: ${covers} earlier cover(s) given their narrower copies`);
    const registry = await seedDemoRegistry(
      orm.em.fork(),
      config.baseDomain,
      Number(process.env.WARRAQ_EDGE_PORT ?? 8080),
    );
    console.log(`services: ${registry.services} added; subdomains: ${registry.domains} added`);
    const backfilled = await storage.backfillLedger();
    if (backfilled > 0) console.log(`media ledger: ${backfilled} stored objects recorded`);
  } finally {
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
