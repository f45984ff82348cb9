import { Controller, Get, Post, Query } from '@nestjs/common';
import {
  CreateContentBodySchema,
  type CreateContentInput,
  type CreateContentResponse,
  type HomeFeedResponse,
  isStaffRole,
  ListContentQuerySchema,
  MangaListQuerySchema,
  type MangaListQuery,
  type MangaListResponse,
  MODERATION_MESSAGES,
  type ModerationListResponse,
  ModerationListQuerySchema,
  type SeriesDetailResponse,
  type SeriesListResponse,
} from '@warraq/contracts';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ApiError } from '../../common/http/api-error';
import type { RequestAuth } from '../../common/http/request-auth';
import { parseWithSchema, ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import { ModerationQueue } from './moderation-queue.service';
import type { User } from '../users/user.entity';
import { viewerOf } from './content-viewer';
import { HomeFeedService } from './home-feed.service';
import { SeriesDetailQuerySchema, SeriesIdParamsSchema, SeriesSlugParamsSchema } from './series.params';
import { SeriesService } from './series.service';

@Controller()
export class SeriesController {
  constructor(
    private readonly series: SeriesService,
    private readonly homeFeed: HomeFeedService,
    private readonly moderationQueue: ModerationQueue,
  ) {}

  /**
   * The public catalogue; with `?status=` the moderation queue instead (series and chapters, staff
   * only). Spec §7 puts both on this one path, so the route has to stay @Public() for the catalogue
   * and the queue's staff check is made here: anonymous 401, a signed-in non-staff user 403.
   */
  @Get('content')
  @Public()
  list(
    @CurrentAuth() auth: RequestAuth,
    @Query() raw: Record<string, unknown>,
  ): Promise<SeriesListResponse | ModerationListResponse> {
    if (raw['status'] !== undefined) {
      if (!auth.user) throw ApiError.unauthenticated();
      if (!isStaffRole(auth.user.role)) throw ApiError.forbidden(MODERATION_MESSAGES.staffOnly);
      return this.moderationQueue.list(parseWithSchema(ModerationListQuerySchema, raw));
    }
    return this.series.list(viewerOf(auth.user), parseWithSchema(ListContentQuerySchema, raw));
  }

  @Get('content/popular-new')
  @Public()
  popularNew(): Promise<HomeFeedResponse> {
    return this.homeFeed.get();
  }

  @Post('content')
  @Authenticated()
  create(
    @CurrentUser() actor: User,
    @ZodBody(CreateContentBodySchema) body: CreateContentInput,
  ): Promise<CreateContentResponse> {
    return this.series.create(actor, body);
  }

  @Get('manga')
  @Public()
  mangaList(@ZodQuery(MangaListQuerySchema) query: MangaListQuery): Promise<MangaListResponse> {
    return this.series.mangaList(query);
  }

  @Get('manga/:id')
  @Public()
  mangaById(
    @CurrentAuth() auth: RequestAuth,
    @ZodParams(SeriesIdParamsSchema) { id }: { id: number },
  ): Promise<SeriesDetailResponse> {
    return this.series.detail(viewerOf(auth.user), { id });
  }

  /** The path says manga (the spec's), but any type is served by its slug; `?id=` wins when given. */
  @Get('series/manga/:slug')
  @Public()
  detail(
    @CurrentAuth() auth: RequestAuth,
    @ZodParams(SeriesSlugParamsSchema) { slug }: { slug: string },
    @ZodQuery(SeriesDetailQuerySchema) { id }: { id?: number },
  ): Promise<SeriesDetailResponse> {
    return this.series.detail(viewerOf(auth.user), id !== undefined ? { id } : { slug });
  }
}
