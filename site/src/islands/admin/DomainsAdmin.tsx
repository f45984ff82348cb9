import { useState } from 'react';
import { SYSTEM_MESSAGES, type Domain } from '@warraq/contracts';
import { formatDate, t } from '@/i18n';
import { useHydrated } from '@/islands/forms/use-hydrated';
import { QueryError } from '@/islands/dashboard/QueryError';
import { usePolledQuery } from '@/lib/query';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { DomainFormDialog, type DomainDialogState } from './DomainFormDialog';
import { ListToolbar } from './ListToolbar';
import { RowActions } from './RowActions';
import { SslBadge, StatusBadge } from './StatusBadge';
import { Cell, STACKED_TABLE } from './stacked-table';
import { ADMIN_KEYS, deleteDomain, fetchDomains, refreshQuery } from './system-api';
import { showSystemSuccess } from './system-toasts';
import { useNewFlag } from './use-new-flag';

const text = t.systemAdmin.domains;

interface DomainsAdminProps {
  /** `?new=1`: open the add dialog on load. */
  openNew: boolean;
}

/**
 * Spec §2 Domain management admin page: the primary domain in its own card (locked: the platform
 * answers 409 to changing it, so its buttons are disabled with the reason), the subdomains in a
 * table with edit and delete, Refresh and Add Subdomain.
 */
export default function DomainsAdmin({ openNew }: DomainsAdminProps) {
  const hydrated = useHydrated();
  const domains = usePolledQuery(ADMIN_KEYS.domains, fetchDomains);
  const [dialog, setDialog] = useState<DomainDialogState>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  useNewFlag(openNew, () => setDialog({ mode: 'create' }));

  const list = domains.data?.data ?? [];
  const primary = list.find((domain) => domain.is_primary) ?? null;
  const subdomains = list.filter((domain) => !domain.is_primary);
  const columns = text.columns;
  const actions = (domain: Domain) => (
    <RowActions
      name={domain.name}
      ready={hydrated}
      lockedReason={domain.is_primary ? text.primaryLocked : undefined}
      onEdit={() => setDialog({ mode: 'edit', domain })}
      onDelete={() => setDeleting(domain)}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        ready={hydrated}
        onRefresh={() => refreshQuery(ADMIN_KEYS.domains)}
        addLabel={text.add}
        onAdd={() => setDialog({ mode: 'create' })}
      />
      {domains.status === 'error' && (
        <QueryError error={domains.error} onRetry={() => void domains.refetch()} />
      )}
      {domains.isLoading ? (
        <p className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {text.loading}
        </p>
      ) : (
        domains.data && (
          <>
            <section
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-primary/40 bg-primary/5 p-4"
              aria-labelledby="primary-domain-title"
              data-testid="primary-domain"
            >
              <div className="min-w-0">
                <h2 id="primary-domain-title" className="text-xs opacity-70">
                  {text.primary}
                </h2>
                <p className="text-lg font-bold break-all" dir="ltr">
                  {primary?.name ?? text.noPrimary}
                </p>
              </div>
              {primary && (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="badge badge-primary badge-sm">{text.primaryBadge}</span>
                  <StatusBadge status={primary.status} />
                  <SslBadge status={primary.ssl_status} />
                  {actions(primary)}
                </div>
              )}
            </section>
            {subdomains.length === 0 ? (
              <p className="text-sm opacity-70">{text.empty}</p>
            ) : (
              <div className="rounded-box border border-base-300 sm:overflow-x-auto">
                <table className={STACKED_TABLE.table} aria-label={text.listLabel}>
                  <thead className={STACKED_TABLE.head}>
                    <tr>
                      <th scope="col">{columns.name}</th>
                      <th scope="col">{columns.service}</th>
                      <th scope="col">{columns.status}</th>
                      <th scope="col">{columns.ssl}</th>
                      <th scope="col">{columns.createdAt}</th>
                      <th scope="col">{columns.actions}</th>
                    </tr>
                  </thead>
                  <tbody className={STACKED_TABLE.body}>
                    {subdomains.map((domain) => (
                      <tr key={domain.id} className={STACKED_TABLE.row} data-testid="domain-row">
                        <Cell label={columns.name} className="font-semibold">
                          <span dir="ltr" className="min-w-0 break-all">
                            {domain.name}
                          </span>
                        </Cell>
                        <Cell label={columns.service}>
                          <span dir="auto">{domain.service_name ?? text.noService}</span>
                        </Cell>
                        <Cell label={columns.status}>
                          <StatusBadge status={domain.status} />
                        </Cell>
                        <Cell label={columns.ssl}>
                          <SslBadge status={domain.ssl_status} />
                        </Cell>
                        <Cell label={columns.createdAt} className="whitespace-nowrap">
                          {formatDate(domain.created_at)}
                        </Cell>
                        <Cell label={columns.actions}>{actions(domain)}</Cell>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )
      )}
      <DomainFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={text.deleteTitle}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteDomain(deleting.id);
          showSystemSuccess(SYSTEM_MESSAGES.domainDeleted);
        }}
      />
    </div>
  );
}
