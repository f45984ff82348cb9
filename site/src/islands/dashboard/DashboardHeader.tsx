import { useRef, useState } from 'react';
import { t } from '@/i18n';
import { invalidateQueries, usePolledQuery } from '@/lib/query';
import { showToast } from '@/stores/toasts';
import { ApiIndicator } from './ApiIndicator';
import { DASHBOARD_KEYS, REFRESH_PREFIXES, fetchStats, fetchVersion } from '@/lib/system/dashboard-queries';
import { formatDateTime, formatVersion } from '@/lib/format/format';

interface DashboardHeaderProps {
  /** The services page with its add dialog open; null for viewers who may not add services. */
  addServiceHref: string | null;
}

/** Spec §2 header: last update, the running version, the API indicator, Refresh Data, Add New Service. */
export default function DashboardHeader({ addServiceHref }: DashboardHeaderProps) {
  const stats = usePolledQuery(DASHBOARD_KEYS.stats, fetchStats);
  // The version rarely changes: fetched once, refreshed by Refresh Data.
  const version = usePolledQuery(DASHBOARD_KEYS.version, fetchVersion, { intervalMs: false });
  const [refreshing, setRefreshing] = useState(false);
  // An invalidation zeroes the fetch time until the refetch lands: keep showing the last one.
  const lastFetched = useRef(0);
  if (stats.updatedAt > 0) lastFetched.current = stats.updatedAt;
  const updated = formatDateTime(lastFetched.current);
  const shownVersion = stats.data?.version ?? version.data?.version ?? null;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all(REFRESH_PREFIXES.map((prefix) => invalidateQueries(prefix)));
      showToast({ title: t.dashboard.refreshed });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <div className="flex items-center gap-1">
          <dt>{t.dashboard.lastUpdated}:</dt>
          <dd data-testid="last-updated">{updated ?? t.dashboard.notYetUpdated}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>{t.dashboard.version}:</dt>
          <dd>
            <span className="badge badge-outline" dir="ltr" data-testid="version">
              {shownVersion === null ? t.dashboard.versionUnavailable : formatVersion(shownVersion)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t.dashboard.realtime.socket}</dt>
          <dd>
            <ApiIndicator />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-busy={refreshing}
        >
          {refreshing && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.dashboard.refresh}
        </button>
        {addServiceHref && (
          <a href={addServiceHref} className="btn btn-sm btn-primary">
            {t.dashboard.addService}
          </a>
        )}
      </div>
    </div>
  );
}
