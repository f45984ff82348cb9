import { Controller } from '@nestjs/common';
import {
  CONTENT_ROUTES,
  type FavoriteBody,
  type FavoriteResponse,
  type LikeBody,
  type LikeResponse,
  type RateBody,
  type RateResponse,
  type UserStatusQuery,
  type UserStatusResponse,
} from '@warraq/contracts';
import { RouteBody, RouteQuery } from '../../common/http/route-input';
import { CurrentAuth, CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser, RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ReactionsService } from './reactions.service';

@Controller()
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Route(CONTENT_ROUTES.like)
  like(@CurrentUser() actor: AuthUser, @RouteBody() body: LikeBody): Promise<LikeResponse> {
    return this.reactions.like(actor, body);
  }

  @Route(CONTENT_ROUTES.favorite)
  favorite(@CurrentUser() actor: AuthUser, @RouteBody() body: FavoriteBody): Promise<FavoriteResponse> {
    return this.reactions.favorite(actor, body);
  }

  @Route(CONTENT_ROUTES.rate)
  rate(@CurrentUser() actor: AuthUser, @RouteBody() body: RateBody): Promise<RateResponse> {
    return this.reactions.rate(actor, body);
  }

  @Route(CONTENT_ROUTES.userStatus)
  status(
    @CurrentAuth() auth: RequestAuth,
    @RouteQuery() query: UserStatusQuery,
  ): Promise<UserStatusResponse> {
    return this.reactions.status(auth.user, query);
  }
}
