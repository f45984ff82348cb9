import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  type ChapterUploadResponse,
  CreateChapterUploadBodySchema,
  type CreateChapterUploadInput,
  INGEST_MESSAGES,
  type UploadFileResponse,
} from '@warraq/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { Authenticated } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ApiError } from '../../common/http/api-error';
import { ZodBody } from '../../common/pipes/zod-validation.pipe';
import { viewerOf } from '../series/content-viewer';
import type { User } from '../users/user.entity';
import { UploadFileParamsSchema, UploadIdParamsSchema } from './ingest.params';
import { IngestService, type UploadActor } from './ingest.service';

function actorOf(user: User): UploadActor {
  return { ...viewerOf(user), userId: user.id };
}

/** Malformed ids name no upload: 404, the same answer as an unknown or someone else's upload. */
function parsed<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw ApiError.notFound();
  return result.data;
}

/** Spec §2 "Add-chapter form" made real: declare, send each file, commit; then follow or act on it. */
@Controller('manga/chapters')
export class IngestController {
  constructor(private readonly ingest: IngestService) {}

  @Post()
  @Authenticated(INGEST_MESSAGES.loginRequired)
  @HttpCode(201)
  declare(
    @CurrentUser() user: User,
    @ZodBody(CreateChapterUploadBodySchema) body: CreateChapterUploadInput,
  ): Promise<ChapterUploadResponse> {
    return this.ingest.declare(actorOf(user), body);
  }

  /** The raw bytes of one declared file (any content type; the body is streamed, not parsed). */
  @Put('uploads/:id/files/:index')
  @Authenticated(INGEST_MESSAGES.loginRequired)
  @HttpCode(200)
  receiveFile(
    @CurrentUser() user: User,
    @Param() params: Record<string, string>,
    @Req() req: Request,
  ): Promise<UploadFileResponse> {
    const { id, index } = parsed(UploadFileParamsSchema, params);
    return this.ingest.receiveFile(actorOf(user), id, index, req);
  }

  @Post('uploads/:id/commit')
  @Authenticated(INGEST_MESSAGES.loginRequired)
  @HttpCode(202)
  commit(@CurrentUser() user: User, @Param() params: Record<string, string>): Promise<ChapterUploadResponse> {
    return this.ingest.commit(actorOf(user), parsed(UploadIdParamsSchema, params).id);
  }

  @Post('uploads/:id/retry')
  @Authenticated(INGEST_MESSAGES.loginRequired)
  @HttpCode(202)
  retry(@CurrentUser() user: User, @Param() params: Record<string, string>): Promise<ChapterUploadResponse> {
    return this.ingest.retry(actorOf(user), parsed(UploadIdParamsSchema, params).id);
  }

  @Get('uploads/:id')
  @Authenticated(INGEST_MESSAGES.loginRequired)
  status(@CurrentUser() user: User, @Param() params: Record<string, string>): Promise<ChapterUploadResponse> {
    return this.ingest.get(actorOf(user), parsed(UploadIdParamsSchema, params).id);
  }

  @Delete('uploads/:id')
  @Authenticated(INGEST_MESSAGES.loginRequired)
  @HttpCode(200)
  async remove(
    @CurrentUser() user: User,
    @Param() params: Record<string, string>,
  ): Promise<{ success: true; message: string }> {
    await this.ingest.remove(actorOf(user), parsed(UploadIdParamsSchema, params).id);
    return { success: true, message: INGEST_MESSAGES.deleted };
  }
}
