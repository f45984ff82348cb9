import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  FavoriteBodySchema,
  type FavoriteBody,
  type FavoriteResponse,
  LikeBodySchema,
  type LikeBody,
  type LikeResponse,
  RateBodySchema,
  type RateBody,
  type RateResponse,
  UserStatusQuerySchema,
  type UserStatusQuery,
  type UserStatusResponse,
} from '@warraq/contracts';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import type { RequestAuth } from '../../common/http/request-auth';
import { ZodBody, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { ReactionsService } from './reactions.service';

@Controller('content')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Post('like')
  @Authenticated(CONTENT_MESSAGES.loginToLike)
  @HttpCode(200)
  like(@CurrentUser() actor: User, @ZodBody(LikeBodySchema) body: LikeBody): Promise<LikeResponse> {
    return this.reactions.like(actor, body);
  }

  @Post('favorite')
  @Authenticated(CONTENT_MESSAGES.loginToFavorite)
  @HttpCode(200)
  favorite(
    @CurrentUser() actor: User,
    @ZodBody(FavoriteBodySchema) body: FavoriteBody,
  ): Promise<FavoriteResponse> {
    return this.reactions.favorite(actor, body);
  }

  @Post('rate')
  @Authenticated()
  @HttpCode(200)
  rate(@CurrentUser() actor: User, @ZodBody(RateBodySchema) body: RateBody): Promise<RateResponse> {
    return this.reactions.rate(actor, body);
  }

  @Get('user-status')
  @Public()
  status(
    @CurrentAuth() auth: RequestAuth,
    @ZodQuery(UserStatusQuerySchema) query: UserStatusQuery,
  ): Promise<UserStatusResponse> {
    return this.reactions.status(auth.user, query);
  }
}
