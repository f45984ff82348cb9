// The stack config the `warraq_bench` benches share (bench/run.mjs, lib/guest-stack.mjs): built like
// `npm start`, in production mode, with a database, Redis prefix and data folder suffixed `_sN` for
// `WARRAQ_TEST_SLOT=N`, so checkouts sharing a machine can run at once.
import { localConfig } from '../../infra/scripts/lib/config.mjs';

const SLOT = process.env.WARRAQ_TEST_SLOT ? Number(process.env.WARRAQ_TEST_SLOT) : 0;
const suffix = SLOT ? `_s${SLOT}` : '';

/**
 * `base` moved by the slot: `portStep` apart per slot (each bench picks a step that keeps its slots
 * clear of the other benches' and the tests' ports).
 */
export const slotPort = (base, portStep) => String(base + SLOT * portStep);

export function benchConfig(portStep) {
  return localConfig({
    WARRAQ_ENV: 'production',
    WARRAQ_EDGE_PORT: process.env.WARRAQ_EDGE_PORT ?? slotPort(28080, portStep),
    WARRAQ_EDGE_TLS_PORT: process.env.WARRAQ_EDGE_TLS_PORT ?? slotPort(28443, portStep),
    WARRAQ_PLATFORM_PORTS: process.env.WARRAQ_PLATFORM_PORTS ?? slotPort(23001, portStep),
    WARRAQ_SITE_PORT: process.env.WARRAQ_SITE_PORT ?? slotPort(24321, portStep),
    DATABASE_URL:
      process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/warraq_bench${suffix}`,
    WARRAQ_REDIS_PREFIX: `warraq-bench${suffix}:`,
    WARRAQ_DATA_DIR: `.data/bench${suffix}`,
  });
}
