/** Where the integration tests find Postgres and Redis (the machine's own services). */
export const TEST_DATABASE_SERVER_URL =
  process.env.WARRAQ_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.WARRAQ_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
/**
 * `WARRAQ_TEST_SLOT` lets several checkouts on one machine run the suite at once: each slot migrates
 * its own template (the per-file databases and Redis prefixes are random already).
 */
const TEST_SLOT = process.env.WARRAQ_TEST_SLOT ?? '';
export const TEMPLATE_DATABASE = `warraq_test_template${TEST_SLOT ? `_s${TEST_SLOT}` : ''}`;
