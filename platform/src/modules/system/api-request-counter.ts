import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { RedisService } from '../../common/redis/redis.service';

const HOUR_MS = 3600_000;
/** A bucket outlives the 24 hours it is summed over by a margin, then Redis drops it. */
const BUCKET_TTL_SECONDS = 26 * 3600;

/**
 * Counts API requests in hourly Redis buckets shared by every platform process, for the dashboard's
 * "API requests in the last 24 h". Counting never delays or fails a request: the increment is not
 * awaited and a Redis outage only loses counts.
 */
@Injectable()
export class ApiRequestCounter {
  constructor(private readonly redis: RedisService) {}

  private bucketKey(hour: number): string {
    return this.redis.key('stats', 'api-requests', String(hour));
  }

  readonly middleware = (req: Request, _res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api/')) void this.count().catch(() => undefined);
    next();
  };

  async count(now = Date.now()): Promise<void> {
    const key = this.bucketKey(Math.floor(now / HOUR_MS));
    await this.redis.client.multi().incr(key).expire(key, BUCKET_TTL_SECONDS).exec();
  }

  /** Requests in the current hour and the 23 before it. */
  async last24Hours(now = Date.now()): Promise<number> {
    const hour = Math.floor(now / HOUR_MS);
    const keys = Array.from({ length: 24 }, (_, i) => this.bucketKey(hour - i));
    const values = await this.redis.client.mget(...keys);
    return values.reduce((sum, value) => sum + (value ? Number(value) : 0), 0);
  }
}
