import { lazy, Suspense } from 'react';
import { fmt, t } from '@/i18n';
import { usePageState } from '@/ui/page-state';

// Loaded only for a signed-in reader: a guest's page carries no notifications code.
const NotificationBell = lazy(() => import('./NotificationBell'));

export interface ViewerStatusProps {
  notificationsHref: string;
  /** The notifications page itself: the bell is marked current. */
  current: boolean;
}

/** The header's greeting and bell on a public document, once the page state names the reader. */
export default function ViewerStatus({ notificationsHref, current }: ViewerStatusProps) {
  const state = usePageState();
  if (!state.ready || !state.viewer) return null;
  return (
    <>
      <span className="hidden text-sm sm:inline" dir="auto" data-testid="viewer-greeting">
        {fmt(t.nav.greeting, { username: state.viewer.username })}
      </span>
      <Suspense>
        <NotificationBell href={notificationsHref} current={current} initialUnread={state.unread} />
      </Suspense>
    </>
  );
}
