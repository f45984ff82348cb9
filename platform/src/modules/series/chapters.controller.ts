import { Controller, Headers, Ip } from '@nestjs/common';
import { CONTENT_ROUTES, type ChapterQuery, type ChapterResponse } from '@warraq/contracts';
import { RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentAuth } from '../auth/current-auth.decorator';
import type { RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ChaptersService, viewerKey } from './chapters.service';
import { viewerOf } from './content-viewer';

@Controller()
export class ChaptersController {
  constructor(private readonly chapters: ChaptersService) {}

  @Route(CONTENT_ROUTES.chapter)
  read(
    @CurrentAuth() auth: RequestAuth,
    @RouteParams() params: { slug: string; chapterNumber: number },
    @RouteQuery() query: ChapterQuery,
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
