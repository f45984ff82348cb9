import type { ApiRoute } from '../common/api-route.js';
import {
  MarkNotificationsReadBodySchema,
  MarkNotificationsReadResponseSchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
} from './notification.schemas.js';

/** The signed-in user's own notifications. */
export const NOTIFICATION_ROUTES = {
  list: {
    method: 'get',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'إشعارات المستخدم المسجّل',
    access: 'authenticated',
    query: NotificationListQuerySchema,
    status: 200,
    response: NotificationListResponseSchema,
  },
  markRead: {
    method: 'post',
    path: '/api/notifications/read',
    tag: 'Notifications',
    summary: 'تعليم الإشعارات مقروءة (بعضها أو كلها)',
    access: 'authenticated',
    body: MarkNotificationsReadBodySchema,
    status: 200,
    response: MarkNotificationsReadResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
