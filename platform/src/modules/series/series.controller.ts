import { Controller, Get, Post } from '@nestjs/common';
import {
  CreateContentBodySchema,
  type CreateContentInput,
  type CreateContentResponse,
  type HomeFeedResponse,
  ListContentQuerySchema,
  type ListContentQuery,
  MangaListQuerySchema,
  type MangaListQuery,
  type MangaListResponse,
  type SeriesDetailResponse,
  type SeriesListResponse,
} from '@warraq/contracts';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import type { RequestAuth } from '../../common/http/request-auth';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
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
  ) {}

  @Get('content')
  @Public()
  list(
    @CurrentAuth() auth: RequestAuth,
    @ZodQuery(ListContentQuerySchema) query: ListContentQuery,
  ): Promise<SeriesListResponse> {
    return this.series.list(viewerOf(auth.user), query);
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
