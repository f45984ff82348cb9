import { NOTIFICATION_ROUTES, type MarkNotificationsReadBody, type NotificationTab } from '@warraq/contracts';
import type { QueryKey } from '@/lib/query';
import { api } from './client';

/** The notifications page's size (the API's default). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `['notifications', …]`: the lists and the header's unread figure refresh together. */
export const NOTIFICATION_KEYS = {
  all: ['notifications'],
  list: (tab: NotificationTab, page: number): QueryKey => ['notifications', 'list', tab, page],
  unread: ['notifications', 'unread'],
} as const;

export function fetchNotifications(tab: NotificationTab, page: number, limit = NOTIFICATIONS_PAGE_SIZE) {
  return api(NOTIFICATION_ROUTES.list, { query: { tab, page, limit } });
}

/** The unread figure alone: the smallest list the API answers carries it. */
export async function fetchUnreadCount(): Promise<number> {
  return (await fetchNotifications('all', 1, 1)).unread;
}

/** `keepalive` lets the call finish when it was made on the way out of the page (opening a link). */
export function markNotificationsRead(body: MarkNotificationsReadBody, { keepalive = false } = {}) {
  return api(NOTIFICATION_ROUTES.markRead, { body }, { keepalive });
}
