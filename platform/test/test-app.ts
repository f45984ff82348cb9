import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Redis } from 'ioredis';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/database/database-admin';
import { TEMPLATE_DATABASE, TEST_DATABASE_SERVER_URL, TEST_REDIS_URL } from './test-env';

export interface TestApp {
  /** supertest bound to the running server (http://127.0.0.1:<port>). */
  api: () => ReturnType<typeof request>;
  baseUrl: string;
  port: number;
  config: AppConfig;
  /** The environment the app was configured from (a worker of this platform starts from it too). */
  env: Record<string, string>;
  app: INestApplication;
  /** The ORM of the app (factories write through a fork of it). */
  orm: MikroORM;
  redis: Redis;
  /** Another Nest app on the same database and Redis prefix (a second platform process). */
  startSibling: () => Promise<{ api: () => ReturnType<typeof request>; baseUrl: string }>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Another PostgreSQL server (a test's private one), holding its own migrated template database. */
  databaseServerUrl?: string;
}

async function boot(config: AppConfig): Promise<{ app: INestApplication; port: number }> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: ['error', 'warn'] });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, port };
}

/**
 * One isolated platform per test file: a database cloned from the migrated template, a unique Redis
 * prefix, and the Nest app on an ephemeral port. Always `await close()` in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = randomBytes(5).toString('hex');
  const databaseUrl = withDatabaseName(
    options.databaseServerUrl ?? TEST_DATABASE_SERVER_URL,
    `warraq_test_${id}`,
  );
  await ensureDatabaseExists(databaseUrl, TEMPLATE_DATABASE);
  const env: Record<string, string> = {
    WARRAQ_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    WARRAQ_REDIS_PREFIX: `warraq-test:${id}:`,
    WARRAQ_INSTANCE_ID: `test-${id}-a`,
    WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR: '1000',
    WARRAQ_DATA_DIR: join(tmpdir(), `warraq-test-${id}`),
    ...options.env,
  };
  const config = loadConfig(env, {});
  const apps: INestApplication[] = [];
  const { app, port } = await boot(config);
  apps.push(app);
  const baseUrl = `http://127.0.0.1:${port}`;
  const redis = new Redis(TEST_REDIS_URL);

  return {
    api: () => request(baseUrl),
    baseUrl,
    port,
    config,
    env,
    app,
    orm: app.get(MikroORM),
    redis,
    async startSibling() {
      const sibling = await boot(
        loadConfig({ ...env, WARRAQ_INSTANCE_ID: `test-${id}-b${apps.length}` }, {}),
      );
      apps.push(sibling.app);
      const url = `http://127.0.0.1:${sibling.port}`;
      return { api: () => request(url), baseUrl: url };
    },
    async close() {
      for (const a of apps.reverse()) await a.close();
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${config.redis.prefix}*`, 'COUNT', 500);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await dropDatabase(databaseUrl);
      await rm(join(tmpdir(), `warraq-test-${id}`), { recursive: true, force: true });
    },
  };
}
