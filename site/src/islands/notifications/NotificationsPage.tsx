import { useCallback, useEffect, useState } from 'react';
import {
  NOTIFICATION_TABS,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationTab,
} from '@warraq/contracts';
import { fmtCount, t } from '@/i18n';
import { formatShortDateTime } from '@/lib/format/format';
import {
  NOTIFICATION_KEYS,
  fetchNotifications,
  fetchUnreadCount,
  markNotificationsRead,
} from '@/lib/api/notifications';
import { runMutation, setQueryData, usePolledQuery } from '@/lib/query';
import { href, type HrefContext } from '@/lib/site/href';
import { showToast } from '@/stores/toasts';
import { EmptyState, LoadingBlock } from '@/ui/LoadState';
import { Pager } from '@/ui/Pager';
import { TabPanel, Tabs } from '@/ui/Tabs';
import { QueryError } from '@/ui/QueryError';
import { useParamsInAddress } from '@/ui/use-params-in-address';
import { useNotificationEvents } from './use-notification-events';

const text = t.notifications;

const TYPE_CLASS: Record<Notification['type'], string> = {
  chapter: 'badge-primary',
  comment: 'badge-info',
  like: 'badge-secondary',
  follow: 'badge-accent',
  system: 'badge-neutral',
};

export interface NotificationsPageProps {
  initialTab: NotificationTab;
  site: HrefContext;
}

/** Marks notifications read, then shows the new unread figure and reloads the lists. */
async function markRead(body: MarkNotificationsReadBody, options?: { keepalive: boolean }): Promise<void> {
  try {
    const answer = await runMutation(() => markNotificationsRead(body, options), {
      invalidates: [['notifications', 'list']],
    });
    setQueryData(NOTIFICATION_KEYS.unread, answer.unread);
  } catch {
    showToast({ title: text.markFailed, variant: 'destructive' });
  }
}

function NotificationItem({ item, site }: { item: Notification; site: HrefContext }) {
  return (
    <li
      className={`flex flex-col gap-2 rounded-box border p-3 sm:flex-row sm:items-start ${
        item.read
          ? 'border-base-300 bg-base-100'
          : 'border-primary/40 border-s-4 border-s-primary bg-primary/5'
      }`}
      data-read={item.read}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {!item.read && (
            <span className="badge badge-primary badge-sm gap-1">
              <span className="size-2 rounded-full bg-current" aria-hidden="true" />
              {text.unread}
            </span>
          )}
          <span className={`badge badge-sm badge-soft ${TYPE_CLASS[item.type]}`}>
            {text.types[item.type]}
          </span>
          <time className="text-xs opacity-70" dateTime={item.created_at}>
            {formatShortDateTime(item.created_at)}
          </time>
        </div>
        <h2 className={`break-words ${item.read ? 'font-semibold' : 'font-bold'}`} dir="auto">
          {item.title}
        </h2>
        <p className="text-sm break-words whitespace-pre-line" dir="auto">
          {item.body}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {item.path && (
          <a
            href={href(item.path, site)}
            className="btn btn-sm btn-outline"
            onClick={() => {
              if (!item.read) void markRead({ ids: [item.id] }, { keepalive: true });
            }}
          >
            {text.open}
          </a>
        )}
        {!item.read && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => void markRead({ ids: [item.id] })}
          >
            {text.markRead}
          </button>
        )}
      </div>
    </li>
  );
}

interface TabListProps {
  tab: NotificationTab;
  site: HrefContext;
  onUnread: (unread: number) => void;
}

/** One tab's notifications, mounted per tab so another tab's items never show while it loads. */
function TabList({ tab, site, onUnread }: TabListProps) {
  const [page, setPage] = useState(1);
  const list = usePolledQuery(NOTIFICATION_KEYS.list(tab, page), () => fetchNotifications(tab, page), {
    keepPreviousData: true,
  });
  const unread = list.data?.unread;
  useEffect(() => {
    if (unread !== undefined && !list.isPlaceholder) onUnread(unread);
  }, [unread, list.isPlaceholder, onUnread]);
  const meta = list.data?.meta;

  if (list.isLoading) {
    return <LoadingBlock />;
  }
  return (
    <div className="flex flex-col gap-3" aria-busy={list.isFetching}>
      {list.status === 'error' && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data &&
        (list.data.data.length === 0 ? (
          <EmptyState>{text.empty[tab]}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={text.tabs[tab]}>
            {list.data.data.map((item) => (
              <NotificationItem key={item.id} item={item} site={site} />
            ))}
          </ul>
        ))}
      {meta && <Pager page={page} pages={meta.pages} label={t.moderation.pagination} onPage={setPage} />}
    </div>
  );
}

/**
 * Spec §2 notifications page: tabs all / new chapters / comments / system, the unread ones marked,
 * mark one or all read, and new notifications arriving over `/ws` while the page is open.
 */
export default function NotificationsPage({ initialTab, site }: NotificationsPageProps) {
  const [tab, setTab] = useState<NotificationTab>(initialTab);
  const unreadQuery = usePolledQuery(NOTIFICATION_KEYS.unread, fetchUnreadCount, {
    // The lists below bring the figure with every answer; this only reads what they (and events) store.
    enabled: false,
  });
  const unread = unreadQuery.data;
  useNotificationEvents();
  useParamsInAddress({ tab: tab === 'all' ? null : tab });
  // Every list answer carries the unread figure: the badge here and the header bell follow it.
  const handleUnread = useCallback((count: number) => setQueryData(NOTIFICATION_KEYS.unread, count), []);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{text.heading}</h1>
          {unread !== undefined && (
            <span
              className={`badge ${unread > 0 ? 'badge-primary' : 'badge-ghost'}`}
              data-testid="unread-count"
            >
              {unread > 0 ? fmtCount(text.unreadCount, unread) : text.allCaughtUp}
            </span>
          )}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={!unread}
          onClick={() => void markRead({ all: true })}
        >
          {text.markAllRead}
        </button>
      </div>
      <Tabs
        tabs={NOTIFICATION_TABS}
        current={tab}
        onSelect={setTab}
        label={text.tabsLabel}
        idPrefix="notifications"
      >
        {(item) => text.tabs[item]}
      </Tabs>
      <TabPanel idPrefix="notifications" current={tab}>
        <TabList key={tab} tab={tab} site={site} onUnread={handleUnread} />
      </TabPanel>
    </div>
  );
}
