import { Controller, Req } from '@nestjs/common';
import {
  type ChapterImportResponse,
  type ChapterLanguage,
  INGEST_ROUTES,
  type TextChapterInput,
  type TextChapterResponse,
} from '@warraq/contracts';
import type { Request } from 'express';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ChapterImportService } from './chapter-import.service';
import { NovelChaptersService } from './novel-chapters.service';

/** Novel chapters written in the editor, and chapter files read into text for the editor. */
@Controller()
export class NovelChaptersController {
  constructor(
    private readonly chapters: NovelChaptersService,
    private readonly imports: ChapterImportService,
  ) {}

  @Route(INGEST_ROUTES.createText)
  create(@CurrentUser() user: AuthUser, @RouteBody() body: TextChapterInput): Promise<TextChapterResponse> {
    return this.chapters.create(user, body);
  }

  /** The raw file (parsed as bytes, 20 MB at most, by the body parser of this path). */
  @Route(INGEST_ROUTES.importFile)
  importFile(
    @CurrentUser() user: AuthUser,
    @RouteQuery() query: { name: string; language: ChapterLanguage },
    @Req() req: Request,
  ): Promise<ChapterImportResponse> {
    return this.imports.start(user, query, req.body);
  }

  @Route(INGEST_ROUTES.importStatus)
  importStatus(
    @CurrentUser() user: AuthUser,
    @RouteParams() { id }: { id: string },
  ): Promise<ChapterImportResponse> {
    return this.imports.status(user, id);
  }
}
