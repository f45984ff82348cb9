import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  COMMENT_MESSAGES,
  CommentIdParamsSchema,
  type CommentDeleteResponse,
  type CommentLikeResponse,
  type CommentListResponse,
  type CommentResponse,
  CreateCommentBodySchema,
  type ListCommentsQuery,
  ListCommentsQuerySchema,
  UpdateCommentBodySchema,
} from '@warraq/contracts';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import type { RequestAuth } from '../../common/http/request-auth';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { CommentsService, type NewComment } from './comments.service';

type IdParams = { id: number };

/** Spec §7 Comments: anyone reads; signed-in users write, with the spec's login messages for guests. */
@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Public()
  list(
    @CurrentAuth() auth: RequestAuth,
    @ZodQuery(ListCommentsQuerySchema) query: ListCommentsQuery,
  ): Promise<CommentListResponse> {
    return this.comments.list(auth?.user ?? null, query);
  }

  @Post()
  @HttpCode(201)
  @Authenticated(COMMENT_MESSAGES.loginToComment)
  create(
    @CurrentUser() actor: User,
    @ZodBody(CreateCommentBodySchema) body: NewComment,
  ): Promise<CommentResponse> {
    return this.comments.create(actor, body);
  }

  @Put(':id')
  @Authenticated(COMMENT_MESSAGES.loginToComment)
  update(
    @CurrentUser() actor: User,
    @ZodParams(CommentIdParamsSchema) { id }: IdParams,
    @ZodBody(UpdateCommentBodySchema) { text }: { text: string },
  ): Promise<CommentResponse> {
    return this.comments.update(actor, id, text);
  }

  @Delete(':id')
  @Authenticated(COMMENT_MESSAGES.loginToComment)
  remove(
    @CurrentUser() actor: User,
    @ZodParams(CommentIdParamsSchema) { id }: IdParams,
  ): Promise<CommentDeleteResponse> {
    return this.comments.remove(actor, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  @Authenticated(COMMENT_MESSAGES.loginToLike)
  like(
    @CurrentUser() actor: User,
    @ZodParams(CommentIdParamsSchema) { id }: IdParams,
  ): Promise<CommentLikeResponse> {
    return this.comments.toggleLike(actor, id);
  }
}
