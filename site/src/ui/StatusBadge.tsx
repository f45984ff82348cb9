import type { DomainStatus, ServiceStatus, SslStatus } from '@warraq/contracts';
import { t } from '@/i18n';

const STATUS_CLASS: Record<ServiceStatus, string> = {
  active: 'badge-success',
  degraded: 'badge-warning',
  inactive: 'badge-ghost',
};
const SSL_CLASS: Record<SslStatus, string> = {
  valid: 'badge-success',
  pending: 'badge-info',
  expired: 'badge-error',
};

/** A service's or domain's configured status (English labels, as the spec's admin pages). */
export function StatusBadge({ status }: { status: ServiceStatus | DomainStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${STATUS_CLASS[status]}`} data-status={status}>
      {t.systemAdmin.statusLabels[status]}
    </span>
  );
}

export function SslBadge({ status }: { status: SslStatus }) {
  return (
    <span className={`badge badge-sm badge-soft whitespace-nowrap ${SSL_CLASS[status]}`} data-ssl={status}>
      {t.systemAdmin.domains.sslLabels[status]}
    </span>
  );
}
