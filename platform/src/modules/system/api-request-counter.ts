import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { RedisService } from '../../common/redis/redis.service';

const HOUR_MS = 3600_000;
/** A bucket outlives the 24 hours it is summed over by a margin, then Redis drops it. */
const BUCKET_TTL_SECONDS = 26 * 3600;
/** Counts are added up in memory and written this often, so a request costs no Redis round trip. */
export const REQUEST_COUNT_FLUSH_MS = 1_000;

/**
 * Counts API requests in hourly Redis buckets shared by every platform process, for the dashboard's
 * "API requests in the last 24 h". Counting never delays or fails a request: each process tallies in
 * memory and adds its tally to Redis once a second; a Redis outage only loses counts.
 */
@Injectable()
export class ApiRequestCounter implements OnApplicationShutdown {
  /** Requests not yet written, by hour. */
  private readonly pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly redis: RedisService) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), REQUEST_COUNT_FLUSH_MS);
    this.timer.unref();
  }

  private bucketKey(hour: number): string {
    return this.redis.key('stats', 'api-requests', String(hour));
  }

  readonly middleware = (req: Request, _res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api/')) this.count();
    next();
  };

  count(now = Date.now()): void {
    const hour = Math.floor(now / HOUR_MS);
    this.pending.set(hour, (this.pending.get(hour) ?? 0) + 1);
  }

  /** Writes the tallies; what fails to be written is kept for the next try. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    const multi = this.redis.client.multi();
    for (const [hour, n] of batch)
      multi.incrby(this.bucketKey(hour), n).expire(this.bucketKey(hour), BUCKET_TTL_SECONDS);
    try {
      await multi.exec();
    } catch (error) {
      for (const [hour, n] of batch) this.pending.set(hour, (this.pending.get(hour) ?? 0) + n);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  /** Requests in the current hour and the 23 before it (this process's unwritten tally included). */
  async last24Hours(now = Date.now()): Promise<number> {
    const hour = Math.floor(now / HOUR_MS);
    const hours = Array.from({ length: 24 }, (_, i) => hour - i);
    const values = await this.redis.client.mget(...hours.map((h) => this.bucketKey(h)));
    const stored = values.reduce((sum, value) => sum + (value ? Number(value) : 0), 0);
    const unwritten = hours.reduce((sum, h) => sum + (this.pending.get(h) ?? 0), 0);
    return stored + unwritten;
  }
}
