import { Controller } from '@nestjs/common';
import {
  type AwardPointsBody,
  type AwardPointsResponse,
  POINTS_ROUTES,
  type PointsResponse,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { PointsService } from './points.service';

@Controller()
export class PointsController {
  constructor(private readonly points: PointsService) {}

  /** Declared before `:userId` so "award" is never read as an id. */
  @Route(POINTS_ROUTES.award)
  award(@CurrentUser() actor: AuthUser, @RouteBody() body: AwardPointsBody): Promise<AwardPointsResponse> {
    return this.points.award(actor, body);
  }

  /** Oneself, or staff looking anyone up. */
  @Route(POINTS_ROUTES.ofUser)
  ofUser(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { userId }: { userId: number },
    @RouteQuery() query: { page: number; limit: number },
  ): Promise<PointsResponse> {
    return this.points.ofUser(actor, userId, query.page, query.limit);
  }
}
