import { fmt, formatNumber, t } from '@/i18n';
import { usePolledQuery } from '@/lib/query';
import { DASHBOARD_KEYS, fetchHealth } from '@/lib/system/dashboard-queries';
import { Tooltip } from '@/ui/Tooltip';
import { useRealtime } from './use-realtime';
import type { RealtimeStatus } from '@/lib/realtime/realtime';

const DOT: Record<RealtimeStatus, string> = {
  connected: 'status-success',
  connecting: 'status-warning animate-pulse',
  disconnected: 'status-error',
};

/**
 * Spec §2/§4: the connection indicator labelled API. Its tooltip names the subdomain the socket
 * reported and the active connections (the last heartbeat's count, else the health answer's).
 */
export function ApiIndicator() {
  const realtime = useRealtime();
  const health = usePolledQuery(DASHBOARD_KEYS.health, fetchHealth);
  const connections = realtime.activeConnections ?? health.data?.realtime.activeConnections ?? null;
  const subdomain = realtime.subdomain ?? t.dashboard.realtime.unknownSubdomain;
  const statusText = t.dashboard.realtime.status[realtime.status];
  return (
    <Tooltip
      content={fmt(t.dashboard.apiIndicator.tooltip, {
        subdomain,
        connections: connections === null ? '—' : formatNumber(connections),
      })}
    >
      <span
        className="badge gap-2 badge-outline py-3"
        data-testid="api-indicator"
        data-status={realtime.status}
      >
        <span aria-hidden="true" className={`status ${DOT[realtime.status]}`} />
        <span dir="ltr" className="font-semibold">
          {t.dashboard.apiIndicator.label}
        </span>
        <span>{statusText}</span>
      </span>
    </Tooltip>
  );
}
