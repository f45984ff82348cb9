import type { RedisOptions } from 'bullmq';
import type { AppConfig } from '../config/app-config';

/** BullMQ connection options: workers need maxRetriesPerRequest null (blocking commands). */
export function bullConnection(config: AppConfig): RedisOptions {
  return {
    url: config.redis.url,
    maxRetriesPerRequest: null,
    connectionName: `warraq-worker:${config.instanceId}`,
  };
}

/**
 * The API process only adds jobs, and must answer at once when Redis is away: no offline queue (a
 * command fails instead of waiting for a reconnect), one retry, short timeouts. The caller turns the
 * failure into a 503 and leaves nothing acknowledged.
 */
export function producerConnection(config: AppConfig): RedisOptions & { url: string } {
  return {
    url: config.redis.url,
    // Back within a second or two of Redis returning, so commits succeed again at once.
    retryStrategy: (times: number) => Math.min(times * 200, 2_000),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 3_000,
    connectionName: `warraq-producer:${config.instanceId}`,
  };
}

/** BullMQ keys live under the platform prefix too, e.g. `warraq:bull:maintenance:...`. */
export function bullPrefix(config: AppConfig): string {
  return `${config.redis.prefix}bull`;
}
