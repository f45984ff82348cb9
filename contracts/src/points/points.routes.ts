import type { ApiRoute } from '../common/api-route.js';
import {
  AwardPointsBodySchema,
  AwardPointsResponseSchema,
  PointsHistoryQuerySchema,
  PointsResponseSchema,
  PointsUserParamsSchema,
} from './points.schemas.js';

/** The points ledger: balances, history and awards. */
export const POINTS_ROUTES = {
  ofUser: {
    method: 'get',
    path: '/api/points/{userId}',
    tag: 'Points',
    summary: "A user's points balance and history (one's own; staff: anyone's)",
    access: 'authenticated',
    params: PointsUserParamsSchema,
    query: PointsHistoryQuerySchema,
    status: 200,
    response: PointsResponseSchema,
  },
  award: {
    method: 'post',
    path: '/api/points/award',
    tag: 'Points',
    summary: 'Award points to a user, or deduct them with a negative amount',
    access: 'admin',
    body: AwardPointsBodySchema,
    status: 201,
    response: AwardPointsResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
