import type { HealthState } from '@warraq/contracts';
import { t } from '@/i18n';

const CLASS: Record<HealthState, string> = {
  healthy: 'badge-success',
  degraded: 'badge-warning',
  unknown: 'badge-ghost',
};

/** Spec §2: Healthy, Degraded or Unknown. */
export function HealthBadge({ status }: { status: HealthState }) {
  return (
    <span className={`badge badge-sm ${CLASS[status]}`} data-health={status}>
      {t.dashboard.health[status]}
    </span>
  );
}
