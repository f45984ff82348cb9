import type { ApiRoute } from '../common/api-route.js';
import {
  ApproveContentBodySchema,
  DeleteContentBodySchema,
  ModerationActionResponseSchema,
  ModerationLogQuerySchema,
  ModerationLogResponseSchema,
  ModerationTargetParamsSchema,
  ModerationTargetQuerySchema,
  PendingCountResponseSchema,
  RejectContentBodySchema,
} from './moderation.schemas.js';

/**
 * Decisions on a series or chapter (`?contentType=`), the log and the pending figure. The queue
 * itself is `CONTENT_ROUTES.list` with `?status=` (spec §7: one path with the catalogue).
 */
export const MODERATION_ROUTES = {
  approve: {
    method: 'put',
    path: '/api/content/{id}/approve',
    tag: 'Moderation',
    summary: 'اعتماد عمل أو فصل (حسب نوع المحتوى)',
    access: 'staff',
    params: ModerationTargetParamsSchema,
    query: ModerationTargetQuerySchema,
    body: ApproveContentBodySchema,
    status: 200,
    response: ModerationActionResponseSchema,
    errors: [409],
  },
  reject: {
    method: 'put',
    path: '/api/content/{id}/reject',
    tag: 'Moderation',
    summary: 'رفض عمل أو فصل مع ذكر السبب',
    access: 'staff',
    params: ModerationTargetParamsSchema,
    query: ModerationTargetQuerySchema,
    body: RejectContentBodySchema,
    status: 200,
    response: ModerationActionResponseSchema,
    errors: [409],
  },
  remove: {
    method: 'delete',
    path: '/api/content/{id}',
    tag: 'Moderation',
    summary: 'حذف عمل أو فصل',
    access: 'staff',
    params: ModerationTargetParamsSchema,
    query: ModerationTargetQuerySchema,
    body: DeleteContentBodySchema,
    bodyOptional: true,
    status: 200,
    response: ModerationActionResponseSchema,
    errors: [409],
  },
  log: {
    method: 'get',
    path: '/api/moderation/log',
    tag: 'Moderation',
    summary: 'سجل الإشراف',
    access: 'admin',
    query: ModerationLogQuerySchema,
    status: 200,
    response: ModerationLogResponseSchema,
  },
  pendingCount: {
    method: 'get',
    path: '/api/moderation/pending-count',
    tag: 'Moderation',
    summary: 'أعمال وفصول بانتظار المراجعة',
    access: 'staff',
    status: 200,
    response: PendingCountResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
