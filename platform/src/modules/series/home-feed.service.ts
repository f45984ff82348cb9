import { Injectable } from '@nestjs/common';
import {
  CONTENT_LIMITS,
  type HomeFeedQuery,
  type HomeFeedResponse,
  SERIES_TYPES,
  type SeriesSummary,
  type SeriesType,
} from '@warraq/contracts';
import { RedisService } from '../../common/redis/redis.service';
import { coverRenditionsOf, coverUrlOf, iso, toSeriesSummary } from './series.mapper';
import { SeriesRepository } from './series.repository';

/** Spec §9: the home feed is cached for 5 minutes. */
export const HOME_FEED_TTL_SECONDS = 300;
const LATEST_UPDATES = 12;

/** GET /api/content/popular-new: four lists computed from real rows, cached serialized in Redis. */
@Injectable()
export class HomeFeedService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly redis: RedisService,
  ) {}

  /** One cache entry per feed: the mixed one (the manga home's) and one per type's site. */
  private key(type: SeriesType | undefined): string {
    // `v2`: the answer's shape (latest updates carry `mangaType`); a feed an older release cached in
    // the persistent Redis is never served in the new shape.
    return this.redis.key('content', 'home-feed-v2', type ?? 'all');
  }

  async get({ type }: HomeFeedQuery = {}): Promise<HomeFeedResponse> {
    const key = this.key(type);
    const cached = await this.redis.client.get(key);
    if (cached) return JSON.parse(cached) as HomeFeedResponse;
    const feed = await this.compute(type);
    await this.redis.client.set(key, JSON.stringify(feed), 'EX', HOME_FEED_TTL_SECONDS);
    return feed;
  }

  /** Called whenever series or chapters change visibly (create, moderation, new chapter). */
  async invalidate(): Promise<void> {
    await this.redis.client.del(this.key(undefined), ...SERIES_TYPES.map((type) => this.key(type)));
  }

  private async compute(type: SeriesType | undefined): Promise<HomeFeedResponse> {
    const size = CONTENT_LIMITS.homeGridSize;
    const [popular, seasonal, recent, updates] = await Promise.all([
      this.series.popularNew(size, type),
      this.series.seasonal(size, type),
      this.series.recent(size, type),
      this.series.latestUpdates(LATEST_UPDATES, type),
    ]);
    const item = (summary: SeriesSummary) => ({ ...summary, content: { type: summary.type } });
    return {
      success: true,
      data: popular.map(toSeriesSummary).map(item),
      seasonal: seasonal.map(toSeriesSummary).map(item),
      recent: recent.map(toSeriesSummary).map(item),
      latestUpdates: updates.map((u) => ({
        id: u.id,
        mangaSlug: u.slug,
        mangaType: u.type,
        mangaTitle: u.series_title,
        coverImage: coverUrlOf(u),
        coverRenditions: coverRenditionsOf(u),
        title: u.title,
        chapterNumber: u.number,
        language: u.language,
        group: u.translation_group,
        releaseTime: iso(u.released_at),
        views: u.view_count,
      })),
    };
  }
}
