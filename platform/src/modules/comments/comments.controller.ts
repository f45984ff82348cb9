import { Controller } from '@nestjs/common';
import {
  COMMENT_ROUTES,
  type CommentDeleteResponse,
  type CommentLikeResponse,
  type CommentListResponse,
  type CommentResponse,
  type ListCommentsQuery,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentAuth, CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser, RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { CommentsService, type NewComment } from './comments.service';

type IdParams = { id: number };

/** Spec §7 Comments: anyone reads; signed-in users write, with the spec's login messages for guests. */
@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Route(COMMENT_ROUTES.list)
  list(
    @CurrentAuth() auth: RequestAuth,
    @RouteQuery() query: ListCommentsQuery,
  ): Promise<CommentListResponse> {
    return this.comments.list(auth?.user ?? null, query);
  }

  @Route(COMMENT_ROUTES.create)
  create(@CurrentUser() actor: AuthUser, @RouteBody() body: NewComment): Promise<CommentResponse> {
    return this.comments.create(actor, body);
  }

  @Route(COMMENT_ROUTES.update)
  update(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
    @RouteBody() { text }: { text: string },
  ): Promise<CommentResponse> {
    return this.comments.update(actor, id, text);
  }

  @Route(COMMENT_ROUTES.remove)
  remove(@CurrentUser() actor: AuthUser, @RouteParams() { id }: IdParams): Promise<CommentDeleteResponse> {
    return this.comments.remove(actor, id);
  }

  @Route(COMMENT_ROUTES.like)
  like(@CurrentUser() actor: AuthUser, @RouteParams() { id }: IdParams): Promise<CommentLikeResponse> {
    return this.comments.toggleLike(actor, id);
  }
}
