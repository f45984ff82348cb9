import type { Logger } from '@nestjs/common';

/** How often one component may log that Redis is unreachable while it stays unreachable. */
export const OUTAGE_LOG_EVERY_MS = 30_000;

/**
 * An error listener for Redis clients, queues and workers: during an outage they report every
 * reconnect attempt; this logs one line per interval instead (and, being a listener, keeps the
 * libraries from printing unhandled-error noise).
 */
export function outageLogger(logger: Logger, what: string): (error: Error) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (now - lastAt < OUTAGE_LOG_EVERY_MS) return;
    lastAt = now;
    logger.warn(`${what}: ${error.message}`);
  };
}
