import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, enableAutoPipelining: true, ...options });
}

/** The process's Redis connection and the key names under the configured prefix. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = createRedisClient(config.redis.url, {
      connectionName: `warraq:${config.instanceId}`,
      // While Redis is away a command fails after one reconnect attempt (a fast 503) instead of
      // holding the request for the default twenty.
      maxRetriesPerRequest: 1,
    });
    this.prefix = config.redis.prefix;
  }

  key(...parts: string[]): string {
    return `${this.prefix}${parts.join(':')}`;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client.status === 'end') return;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
