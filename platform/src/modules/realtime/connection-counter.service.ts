import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisService } from '../../common/redis/redis.service';

/** A process's count older than this belongs to a process that died: it no longer counts. */
export const CONNECTION_COUNT_STALE_MS = 45_000;
export const CONNECTION_COUNT_REFRESH_MS = 10_000;

/**
 * Live WebSocket connections across all platform processes: each process writes
 * `<count>:<timestamp>` into one Redis hash under its instance id; the total sums the fresh entries.
 */
@Injectable()
export class ConnectionCounterService {
  private readonly key: string;

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = redis.key('ws', 'connections');
  }

  async publish(count: number): Promise<void> {
    await this.redis.client.hset(this.key, this.config.instanceId, `${count}:${Date.now()}`);
  }

  async withdraw(): Promise<void> {
    await this.redis.client.hdel(this.key, this.config.instanceId);
  }

  async total(now = Date.now()): Promise<number> {
    const entries = await this.redis.client.hgetall(this.key);
    let sum = 0;
    const stale: string[] = [];
    for (const [instance, value] of Object.entries(entries)) {
      const [count, at] = value.split(':').map(Number);
      if (
        count === undefined ||
        at === undefined ||
        !Number.isFinite(count) ||
        now - at > CONNECTION_COUNT_STALE_MS
      ) {
        stale.push(instance);
      } else {
        sum += count;
      }
    }
    if (stale.length > 0) await this.redis.client.hdel(this.key, ...stale);
    return sum;
  }
}
