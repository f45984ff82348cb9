import { Injectable } from '@nestjs/common';
import { CONTENT_LIMITS, type HomeFeedResponse, type SeriesSummary } from '@warraq/contracts';
import { RedisService } from '../../common/redis/redis.service';
import { coverUrlOf, iso, toSeriesSummary } from './series.mapper';
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

  private get key(): string {
    return this.redis.key('content', 'home-feed');
  }

  async get(): Promise<HomeFeedResponse> {
    const cached = await this.redis.client.get(this.key);
    if (cached) return JSON.parse(cached) as HomeFeedResponse;
    const feed = await this.compute();
    await this.redis.client.set(this.key, JSON.stringify(feed), 'EX', HOME_FEED_TTL_SECONDS);
    return feed;
  }

  /** Called whenever series or chapters change visibly (create, moderation, new chapter). */
  async invalidate(): Promise<void> {
    await this.redis.client.del(this.key);
  }

  private async compute(): Promise<HomeFeedResponse> {
    const size = CONTENT_LIMITS.homeGridSize;
    const [popular, seasonal, recent, updates] = await Promise.all([
      this.series.popularNew(size),
      this.series.seasonal(size),
      this.series.recent(size),
      this.series.latestUpdates(LATEST_UPDATES),
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
        mangaTitle: u.series_title,
        coverImage: coverUrlOf(u),
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
