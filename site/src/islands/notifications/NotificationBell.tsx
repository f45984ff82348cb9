import { fmtCount, formatNumber, t } from '@/i18n';
import { NOTIFICATION_KEYS, fetchUnreadCount } from '@/lib/api/notifications';
import { usePolledQuery } from '@/lib/query';
import { useNotificationEvents } from './use-notification-events';

const text = t.notifications;
/** New notifications arrive over `/ws`; the poll only catches up after a lost socket. */
const UNREAD_POLL_MS = 60_000;
/** Above this the badge shows "99+". */
const BADGE_MAX = 99;

interface NotificationBellProps {
  href: string;
  /** The notifications page itself: the link is marked current. */
  current: boolean;
  /** The unread figure the page state brought: the bell asks again only on its poll. */
  initialUnread?: number | undefined;
}

/** The header's link to the notifications page, with the unread figure from the API. */
export default function NotificationBell({ href, current, initialUnread }: NotificationBellProps) {
  const unread = usePolledQuery(NOTIFICATION_KEYS.unread, fetchUnreadCount, {
    intervalMs: UNREAD_POLL_MS,
    initialData: initialUnread,
  });
  useNotificationEvents();
  const count = unread.data ?? 0;
  const label = count > 0 ? fmtCount(text.bellUnread, count) : text.bell;
  return (
    <a
      href={href}
      className="btn btn-ghost btn-sm btn-circle relative"
      aria-label={label}
      title={label}
      aria-current={current ? 'page' : undefined}
      data-testid="notification-bell"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {count > 0 && (
        <span className="badge badge-error badge-xs absolute -top-1 -end-1 px-1" aria-hidden="true">
          {count > BADGE_MAX ? `${formatNumber(BADGE_MAX)}+` : formatNumber(count)}
        </span>
      )}
    </a>
  );
}
