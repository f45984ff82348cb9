import { useEffect, useState } from 'react';
import type { ModerationQueueEvent, PendingCountResponse } from '@warraq/contracts';
import { fmt, formatNumber, t } from '@/i18n';
import { setQueryData, usePolledQuery } from '@/lib/query';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { RECONNECT_POLICY } from '@/lib/realtime/reconnect-policy';
import { DASHBOARD_KEYS, fetchHealth, fetchPending, fetchStats } from '@/lib/system/dashboard-queries';
import { formatTime } from '@/lib/format/format';
import { useRealtime } from './use-realtime';

const text = t.dashboard.realtime;

const STATUS_CLASS = {
  connected: 'badge-success',
  connecting: 'badge-warning',
  disconnected: 'badge-error',
} as const;

interface RealtimePanelProps {
  /** The content queue page (moderation). */
  contentHref: string;
}

/**
 * Spec §2 Realtime Status: the socket's state, connections, heartbeat and reconnects (spec §4), and
 * the moderation queue kept live by `moderation.queue` events between the 5 s polls.
 */
export default function RealtimePanel({ contentHref }: RealtimePanelProps) {
  const realtime = useRealtime();
  const health = usePolledQuery(DASHBOARD_KEYS.health, fetchHealth);
  const stats = usePolledQuery(DASHBOARD_KEYS.stats, fetchStats);
  const pending = usePolledQuery(DASHBOARD_KEYS.pending, fetchPending);
  const [lastChange, setLastChange] = useState<ModerationQueueEvent['data'] | null>(null);

  useEffect(
    () =>
      sharedRealtime().on('moderation.queue', (data) => {
        // The event carries the new counts: show them now rather than at the next poll.
        setQueryData<PendingCountResponse>(DASHBOARD_KEYS.pending, data.pending);
        setLastChange(data);
      }),
    [],
  );

  const connections = realtime.activeConnections ?? health.data?.realtime.activeConnections ?? null;
  const heartbeat = formatTime(realtime.lastHeartbeat);
  // The pending-count endpoint is the live figure; the stats answer counts the same queue.
  const queue: PendingCountResponse | null = pending.data ?? null;
  const queueTotal = queue?.total ?? stats.data?.pendingContent ?? null;
  const canReconnect = realtime.status !== 'connected';

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="realtime-panel-title">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="realtime-panel-title" className="card-title">
            {text.heading}
          </h2>
          <span
            className={`badge ${STATUS_CLASS[realtime.status]}`}
            data-testid="realtime-status"
            data-status={realtime.status}
          >
            {text.status[realtime.status]}
          </span>
        </div>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="opacity-70">{text.activeConnections}</dt>
            <dd className="text-xl font-bold" data-testid="active-connections">
              {connections === null ? '—' : formatNumber(connections)}
            </dd>
          </div>
          <div>
            <dt className="opacity-70">{text.lastHeartbeat}</dt>
            <dd className="font-semibold">{heartbeat ?? text.noHeartbeat}</dd>
          </div>
          <div>
            <dt className="opacity-70">{text.subdomain}</dt>
            <dd className="font-semibold">
              <bdi dir="ltr">{realtime.subdomain ?? text.unknownSubdomain}</bdi>
            </dd>
          </div>
          <div>
            <dt className="opacity-70">{text.attempts}</dt>
            <dd className="font-semibold">
              {fmt(text.attemptsValue, {
                attempts: formatNumber(realtime.attempts),
                max: formatNumber(RECONNECT_POLICY.maxAttempts),
              })}
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn-sm btn-outline self-start"
          onClick={() => sharedRealtime().reconnect()}
          disabled={!canReconnect}
        >
          {text.reconnect}
        </button>
        <div className="rounded-box border border-base-300 p-3" data-testid="moderation-queue">
          <h3 className="font-semibold">{text.queue}</h3>
          {queueTotal === null ? (
            <span role="status" className="loading loading-dots loading-sm" aria-label={t.common.loading} />
          ) : (
            <p className="text-sm">
              <span className="text-2xl font-bold" data-testid="moderation-queue-total">
                {formatNumber(queueTotal)}
              </span>{' '}
              {text.queueItems}{' '}
              {queue &&
                fmt(text.queueSplit, {
                  series: formatNumber(queue.series),
                  chapters: formatNumber(queue.chapters),
                })}
            </p>
          )}
          {lastChange && (
            <p className="mt-1 text-xs opacity-80" dir="auto">
              {fmt(text.lastChange, {
                change: text.changes[lastChange.change],
                title: lastChange.item.title,
              })}
            </p>
          )}
          <a href={contentHref} className="link link-primary mt-2 inline-block text-sm">
            {text.queueLink}
          </a>
        </div>
      </div>
    </section>
  );
}
