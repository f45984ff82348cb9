import type { ReactNode } from 'react';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { usePolledQuery } from '@/lib/query';
import { cdnHint } from '@/lib/system/cdn-card';
import { DASHBOARD_KEYS, fetchStats } from '@/lib/system/dashboard-queries';
import { formatBytes } from '@/lib/format/format';
import { QueryError } from '@/ui/QueryError';

interface CardProps {
  id: string;
  title: string;
  value: string | null;
  hint: string | null;
  loading: boolean;
  icon: ReactNode;
}

function StatCard({ id, title, value, hint, loading, icon }: CardProps) {
  return (
    <section
      className="card border border-base-300 bg-base-100"
      aria-labelledby={`${id}-title`}
      data-testid={`stat-${id}`}
    >
      <div className="card-body gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="text-sm font-semibold opacity-80">
            {title}
          </h2>
          <span aria-hidden="true" className="text-primary">
            {icon}
          </span>
        </div>
        {loading ? (
          <span role="status" className="loading loading-dots loading-md" aria-label={t.common.loading} />
        ) : (
          <p className="text-3xl font-bold" data-testid={`stat-${id}-value`}>
            {value ?? '—'}
          </p>
        )}
        <p className="text-xs opacity-70">{hint ?? t.dashboard.cards.unavailable}</p>
      </div>
    </section>
  );
}

const svg = (path: string) => (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d={path} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Spec §2's four summary cards, every figure from `GET /api/system/stats`, polled every 5 s. */
export default function StatsCards() {
  const stats = usePolledQuery(DASHBOARD_KEYS.stats, fetchStats);
  const data = stats.data;
  const cards = t.dashboard.cards;
  const loading = stats.isLoading;
  return (
    <div className="flex flex-col gap-3">
      {stats.status === 'error' && <QueryError error={stats.error} onRetry={() => void stats.refetch()} />}
      <div
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
        aria-label={cards.label}
        role="group"
      >
        <StatCard
          id="services"
          title={cards.activeServices}
          loading={loading}
          value={data ? formatNumber(data.activeServices) : null}
          hint={data ? fmtCount(cards.activeOf, data.totalServices) : null}
          icon={svg('M4 6h16M4 12h16M4 18h10')}
        />
        <StatCard
          id="requests"
          title={fmt(cards.apiRequests)}
          loading={loading}
          value={data ? formatNumber(data.apiRequests24h) : null}
          hint={data ? cards.apiRequestsHint : null}
          icon={svg('M3 17l6-6 4 4 8-8M15 7h6v6')}
        />
        <StatCard
          id="users"
          title={cards.registeredUsers}
          loading={loading}
          value={data ? formatNumber(data.registeredUsers) : null}
          hint={data ? cards.registeredUsersHint : null}
          icon={svg(
            'M16 19v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1M9 10a3 3 0 100-6 3 3 0 000 6zM22 19v-1a4 4 0 00-3-3.9M16 4.1a3 3 0 010 5.8',
          )}
        />
        <StatCard
          id="cdn"
          title={cards.cdnUsage}
          loading={loading}
          value={data ? formatBytes(data.mediaBytes) : null}
          hint={data ? cdnHint(data) : null}
          icon={svg(
            'M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 7v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
          )}
        />
      </div>
    </div>
  );
}
