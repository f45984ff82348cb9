import { useState } from 'react';
import { SYSTEM_MESSAGES, type Domain } from '@warraq/contracts';
import { formatDate, t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';
import { QueryView } from '@/ui/QueryView';
import { usePolledQuery } from '@/lib/query';
import { ConfirmDeleteDialog } from '@/ui/ConfirmDeleteDialog';
import { DomainFormDialog, type DomainDialogState } from './DomainFormDialog';
import { ListToolbar } from '@/ui/ListToolbar';
import { PrimaryDomainCard, splitDomains } from '@/ui/PrimaryDomain';
import { RowActions } from '@/ui/RowActions';
import { SslBadge, StatusBadge } from '@/ui/StatusBadge';
import { Cell, STACKED_TABLE, StackedTable } from '@/ui/stacked-table';
import { ADMIN_KEYS, deleteDomain, fetchDomains, refreshQuery } from './system-api';
import { showToast } from '@/stores/toasts';
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

  const columns = text.columns;
  const actions = (domain: Domain) => (
    <RowActions
      name={domain.name}
      ready={hydrated}
      lockedReason={domain.is_primary ? text.primaryLocked : undefined}
      onEdit={() => setDialog({ mode: 'edit', row: domain })}
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
      <QueryView query={domains} loadingLabel={text.loading}>
        {(data) => {
          const { primary, subdomains } = splitDomains(data.data);
          return (
            <>
              <PrimaryDomainCard primary={primary} heading="h2">
                {primary && (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="badge badge-primary badge-sm">{text.primaryBadge}</span>
                    <StatusBadge status={primary.status} />
                    <SslBadge status={primary.ssl_status} />
                    {actions(primary)}
                  </div>
                )}
              </PrimaryDomainCard>
              {subdomains.length === 0 ? (
                <p className="text-sm opacity-70">{text.empty}</p>
              ) : (
                <StackedTable
                  label={text.listLabel}
                  columns={[
                    columns.name,
                    columns.service,
                    columns.status,
                    columns.ssl,
                    columns.createdAt,
                    columns.actions,
                  ]}
                >
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
                </StackedTable>
              )}
            </>
          );
        }}
      </QueryView>
      <DomainFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={text.deleteTitle}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteDomain(deleting.id);
          showToast({ title: SYSTEM_MESSAGES.domainDeleted });
        }}
      />
    </div>
  );
}
