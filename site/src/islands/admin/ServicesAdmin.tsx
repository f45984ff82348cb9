import { useState } from 'react';
import { SYSTEM_MESSAGES, type Service } from '@warraq/contracts';
import { formatDate, t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';
import { QueryView } from '@/ui/QueryView';
import { usePolledQuery } from '@/lib/query';
import { ConfirmDeleteDialog } from '@/ui/ConfirmDeleteDialog';
import { ListToolbar } from '@/ui/ListToolbar';
import { RowActions } from '@/ui/RowActions';
import { ServiceFormDialog, type ServiceDialogState } from './ServiceFormDialog';
import { StatusBadge } from '@/ui/StatusBadge';
import { Cell, STACKED_TABLE, StackedTable } from '@/ui/stacked-table';
import { ADMIN_KEYS, deleteService, fetchServices, refreshQuery } from './system-api';
import { showToast } from '@/stores/toasts';
import { useNewFlag } from './use-new-flag';

const text = t.systemAdmin.services;

interface ServicesAdminProps {
  /** `?new=1`: open the add dialog on load. */
  openNew: boolean;
}

/** Spec §2 Services admin page: the services table, Refresh, Add Service, edit and delete. */
export default function ServicesAdmin({ openNew }: ServicesAdminProps) {
  const hydrated = useHydrated();
  const services = usePolledQuery(ADMIN_KEYS.services, fetchServices);
  const [dialog, setDialog] = useState<ServiceDialogState>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  useNewFlag(openNew, () => setDialog({ mode: 'create' }));

  const columns = text.columns;
  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        ready={hydrated}
        onRefresh={() => refreshQuery(ADMIN_KEYS.services)}
        addLabel={text.add}
        onAdd={() => setDialog({ mode: 'create' })}
      />
      <QueryView query={services} loadingLabel={text.loading}>
        {({ data: list }) =>
          list.length === 0 ? (
            <p className="text-sm opacity-70">{text.empty}</p>
          ) : (
            <StackedTable
              label={text.listLabel}
              columns={[
                columns.name,
                columns.type,
                columns.url,
                columns.status,
                columns.createdAt,
                columns.actions,
              ]}
            >
              {list.map((service) => (
                <tr key={service.id} className={STACKED_TABLE.row} data-testid="service-row">
                  <Cell label={columns.name} className="font-semibold">
                    <span dir="auto" className="min-w-0 break-words">
                      {service.name}
                    </span>
                  </Cell>
                  <Cell label={columns.type}>
                    <span className="badge badge-outline badge-sm">
                      {t.systemAdmin.typeLabels[service.type]}
                    </span>
                  </Cell>
                  <Cell label={columns.url} className="sm:max-w-64">
                    <a
                      href={service.url}
                      className="link block max-w-full min-w-0 truncate"
                      dir="ltr"
                      title={service.url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {service.url}
                    </a>
                  </Cell>
                  <Cell label={columns.status}>
                    <StatusBadge status={service.status} />
                  </Cell>
                  <Cell label={columns.createdAt} className="whitespace-nowrap">
                    {formatDate(service.created_at)}
                  </Cell>
                  <Cell label={columns.actions}>
                    <RowActions
                      name={service.name}
                      ready={hydrated}
                      onEdit={() => setDialog({ mode: 'edit', row: service })}
                      onDelete={() => setDeleting(service)}
                    />
                  </Cell>
                </tr>
              ))}
            </StackedTable>
          )
        }
      </QueryView>
      <ServiceFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={text.deleteTitle}
        note={text.deleteNote}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteService(deleting.id);
          showToast({ title: SYSTEM_MESSAGES.serviceDeleted });
        }}
      />
    </div>
  );
}
