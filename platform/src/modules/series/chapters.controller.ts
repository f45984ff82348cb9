import { Controller, Get, Headers, Ip } from '@nestjs/common';
import { ChapterQuerySchema, type ChapterQuery, type ChapterResponse } from '@warraq/contracts';
import { Public } from '../../common/decorators/access.decorators';
import { CurrentAuth } from '../../common/decorators/current-auth.decorator';
import type { RequestAuth } from '../../common/http/request-auth';
import { ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import { ChaptersService, viewerKey } from './chapters.service';
import { viewerOf } from './content-viewer';
import { ChapterParamsSchema } from './series.params';

@Controller()
export class ChaptersController {
  constructor(private readonly chapters: ChaptersService) {}

  @Get('series/manga/:slug/:chapterNumber')
  @Public()
  read(
    @CurrentAuth() auth: RequestAuth,
    @ZodParams(ChapterParamsSchema) params: { slug: string; chapterNumber: number },
    @ZodQuery(ChapterQuerySchema) query: ChapterQuery,
    @Ip() ip: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Headers('purpose') purpose: string | undefined,
    @Headers('sec-purpose') secPurpose: string | undefined,
  ): Promise<ChapterResponse> {
    const viewer = viewerOf(auth.user);
    // A prefetch (the reader warming the next chapter) is not a reading: it counts no view.
    const prefetch = [purpose, secPurpose].some((value) => value?.toLowerCase().startsWith('prefetch'));
    return this.chapters.read(
      viewer,
      params.slug,
      params.chapterNumber,
      query,
      prefetch ? null : viewerKey(viewer.userId, ip, userAgent),
    );
  }
}
