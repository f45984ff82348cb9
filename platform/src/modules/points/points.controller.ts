import { Controller, Get, Post } from '@nestjs/common';
import {
  type AwardPointsBody,
  AwardPointsBodySchema,
  type AwardPointsResponse,
  PointsHistoryQuerySchema,
  type PointsResponse,
  PointsUserParamsSchema,
} from '@warraq/contracts';
import { ADMIN_ROLES, Authenticated, Roles } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { PointsService } from './points.service';

@Controller('points')
export class PointsController {
  constructor(private readonly points: PointsService) {}

  /** Declared before `:userId` so "award" is never read as an id. */
  @Post('award')
  @Roles(...ADMIN_ROLES)
  award(
    @CurrentUser() actor: User,
    @ZodBody(AwardPointsBodySchema) body: AwardPointsBody,
  ): Promise<AwardPointsResponse> {
    return this.points.award(actor, body);
  }

  /** Oneself, or staff looking anyone up. */
  @Get(':userId')
  @Authenticated()
  ofUser(
    @CurrentUser() actor: User,
    @ZodParams(PointsUserParamsSchema) { userId }: { userId: number },
    @ZodQuery(PointsHistoryQuerySchema) query: { page: number; limit: number },
  ): Promise<PointsResponse> {
    return this.points.ofUser(actor, userId, query.page, query.limit);
  }
}
