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

/** BullMQ keys live under the platform prefix too, e.g. `warraq:bull:maintenance:...`. */
export function bullPrefix(config: AppConfig): string {
  return `${config.redis.prefix}bull`;
}
