import { Controller, Req } from '@nestjs/common';
import {
  type ChapterUploadResponse,
  type CreateChapterUploadInput,
  INGEST_MESSAGES,
  INGEST_ROUTES,
  type UploadFileResponse,
} from '@warraq/contracts';
import type { Request } from 'express';
import { RouteBody, RouteParams } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { viewerOf } from '../series/content-viewer';
import { IngestService, type UploadActor } from './ingest.service';

function actorOf(user: AuthUser): UploadActor {
  return { ...viewerOf(user), userId: user.id };
}

type UploadParams = { id: string };

/**
 * Spec §2 "Add-chapter form" made real: declare, send each file, commit; then follow or act on it.
 * A malformed upload id answers 404 (the routes say so), like an unknown or someone else's upload.
 */
@Controller()
export class IngestController {
  constructor(private readonly ingest: IngestService) {}

  @Route(INGEST_ROUTES.declare)
  declare(
    @CurrentUser() user: AuthUser,
    @RouteBody() body: CreateChapterUploadInput,
  ): Promise<ChapterUploadResponse> {
    return this.ingest.declare(actorOf(user), body);
  }

  /** The raw bytes of one declared file (any content type; the body is streamed, not parsed). */
  @Route(INGEST_ROUTES.file)
  receiveFile(
    @CurrentUser() user: AuthUser,
    @RouteParams() { id, index }: { id: string; index: number },
    @Req() req: Request,
  ): Promise<UploadFileResponse> {
    return this.ingest.receiveFile(actorOf(user), id, index, req);
  }

  @Route(INGEST_ROUTES.commit)
  commit(@CurrentUser() user: AuthUser, @RouteParams() { id }: UploadParams): Promise<ChapterUploadResponse> {
    return this.ingest.commit(actorOf(user), id);
  }

  @Route(INGEST_ROUTES.retry)
  retry(@CurrentUser() user: AuthUser, @RouteParams() { id }: UploadParams): Promise<ChapterUploadResponse> {
    return this.ingest.retry(actorOf(user), id);
  }

  @Route(INGEST_ROUTES.upload)
  status(@CurrentUser() user: AuthUser, @RouteParams() { id }: UploadParams): Promise<ChapterUploadResponse> {
    return this.ingest.get(actorOf(user), id);
  }

  @Route(INGEST_ROUTES.remove)
  async remove(
    @CurrentUser() user: AuthUser,
    @RouteParams() { id }: UploadParams,
  ): Promise<{ success: true; message: string }> {
    await this.ingest.remove(actorOf(user), id);
    return { success: true, message: INGEST_MESSAGES.deleted };
  }
}
