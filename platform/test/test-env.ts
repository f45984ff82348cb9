/** Where the integration tests find Postgres and Redis (the machine's own services). */
export const TEST_DATABASE_SERVER_URL =
  process.env.WARRAQ_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.WARRAQ_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
export const TEMPLATE_DATABASE = 'warraq_test_template';
