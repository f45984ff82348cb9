import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { outageLogger } from './outage-log';

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
      // While Redis is away a command fails after one reconnect attempt, within about two seconds (a
      // prompt 503), instead of holding the request through the default twenty.
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 100, 1_000),
    });
    this.client.on('error', outageLogger(new Logger(RedisService.name), 'redis'));
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
