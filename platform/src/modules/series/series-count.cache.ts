import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service';
import { ContentVersion } from './content-version.service';
import { SeriesRepository, type SeriesListFilter } from './series.repository';

/** How long a listing's total may be reused; the rows themselves are always fresh. */
export const SERIES_COUNT_TTL_SECONDS = 30;

/**
 * Totals of series listings, cached in Redis: counting a large catalogue on every list page was the
 * listing's main cost on a 20,000-series catalogue. The key carries the content version, so any
 * visible change (ContentVersion.bump) has the next request count afresh.
 */
@Injectable()
export class SeriesCountCache {
  constructor(
    private readonly series: SeriesRepository,
    private readonly redis: RedisService,
    private readonly version: ContentVersion,
  ) {}

  async total(filter: SeriesListFilter): Promise<number> {
    const counted = {
      type: filter.type,
      moderationStatus: filter.moderationStatus,
      seriesStatus: filter.seriesStatus,
      category: filter.category,
      search: filter.search,
    };
    const version = await this.version.current();
    const digest = createHash('sha1').update(JSON.stringify(counted)).digest('hex');
    const key = this.redis.key('content', 'count', version, digest);
    const cached = await this.redis.client.get(key);
    if (cached !== null) return Number(cached);
    const total = await this.series.count(filter);
    await this.redis.client.set(key, String(total), 'EX', SERIES_COUNT_TTL_SECONDS);
    return total;
  }
}
