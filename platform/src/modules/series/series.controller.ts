import { Controller, Query } from '@nestjs/common';
import {
  CONTENT_ROUTES,
  type CreateContentInput,
  type CreateContentResponse,
  type HomeFeedQuery,
  type HomeFeedResponse,
  isStaffRole,
  type MangaListQuery,
  type MangaListResponse,
  MODERATION_MESSAGES,
  type ModerationListResponse,
  type SearchQuery,
  type SearchResponse,
  type SeriesDetailResponse,
  type SeriesListResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { parseWithSchema, RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentAuth, CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser, RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ModerationQueue } from './moderation-queue.service';
import { viewerOf } from './content-viewer';
import { HomeFeedService } from './home-feed.service';
import { SeriesService } from './series.service';

/** The two queries of `GET /api/content`: the catalogue's, and the moderation queue's (`?status=`). */
const [CatalogueQuerySchema, QueueQuerySchema] = CONTENT_ROUTES.list.query;

@Controller()
export class SeriesController {
  constructor(
    private readonly series: SeriesService,
    private readonly homeFeed: HomeFeedService,
    private readonly moderationQueue: ModerationQueue,
  ) {}

  /**
   * The public catalogue; with `?status=` the moderation queue instead (series and chapters, staff
   * only). Spec §7 puts both on this one path, so the route has to stay public for the catalogue
   * and the queue's staff check is made here: anonymous 401, a signed-in non-staff user 403.
   */
  @Route(CONTENT_ROUTES.list)
  list(
    @CurrentAuth() auth: RequestAuth,
    @Query() raw: Record<string, unknown>,
  ): Promise<SeriesListResponse | ModerationListResponse> {
    if (raw['status'] !== undefined) {
      if (!auth.user) throw ApiError.unauthenticated();
      if (!isStaffRole(auth.user.role)) throw ApiError.forbidden(MODERATION_MESSAGES.staffOnly);
      return this.moderationQueue.list(parseWithSchema(QueueQuerySchema, raw));
    }
    return this.series.list(viewerOf(auth.user), parseWithSchema(CatalogueQuerySchema, raw));
  }

  @Route(CONTENT_ROUTES.homeFeed)
  popularNew(@RouteQuery() query: HomeFeedQuery): Promise<HomeFeedResponse> {
    return this.homeFeed.get(query);
  }

  @Route(CONTENT_ROUTES.search)
  search(@RouteQuery() query: SearchQuery): Promise<SearchResponse> {
    return this.series.search(query);
  }

  @Route(CONTENT_ROUTES.create)
  create(
    @CurrentUser() actor: AuthUser,
    @RouteBody() body: CreateContentInput,
  ): Promise<CreateContentResponse> {
    return this.series.create(actor, body);
  }

  @Route(CONTENT_ROUTES.mangaList)
  mangaList(@RouteQuery() query: MangaListQuery): Promise<MangaListResponse> {
    return this.series.mangaList(query);
  }

  @Route(CONTENT_ROUTES.seriesById)
  mangaById(
    @CurrentAuth() auth: RequestAuth,
    @RouteParams() { id }: { id: number },
  ): Promise<SeriesDetailResponse> {
    return this.series.detail(viewerOf(auth.user), { id });
  }

  /** The path says manga (the spec's), but any type is served by its slug; `?id=` wins when given. */
  @Route(CONTENT_ROUTES.seriesBySlug)
  detail(
    @CurrentAuth() auth: RequestAuth,
    @RouteParams() { slug }: { slug: string },
    @RouteQuery() { id }: { id?: number },
  ): Promise<SeriesDetailResponse> {
    return this.series.detail(viewerOf(auth.user), id !== undefined ? { id } : { slug });
  }
}
