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
    summary: 'رصيد نقاط مستخدم وسجلها (نقاطك؛ وللطاقم: نقاط أي مستخدم)',
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
    summary: 'منح نقاط لمستخدم أو خصمها بمقدار سالب',
    access: 'admin',
    body: AwardPointsBodySchema,
    status: 201,
    response: AwardPointsResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
