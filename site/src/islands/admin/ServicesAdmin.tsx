import { useState } from 'react';
import { SYSTEM_MESSAGES, type Service } from '@warraq/contracts';
import { formatDate, t } from '@/i18n';
import { useHydrated } from '@/islands/forms/use-hydrated';
import { QueryError } from '@/islands/dashboard/QueryError';
import { usePolledQuery } from '@/lib/query';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ListToolbar } from './ListToolbar';
import { RowActions } from './RowActions';
import { ServiceFormDialog, type ServiceDialogState } from './ServiceFormDialog';
import { StatusBadge } from './StatusBadge';
import { ADMIN_KEYS, deleteService, fetchServices, refreshQuery } from './system-api';
import { showSystemSuccess } from './system-toasts';
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

  const list = services.data?.data ?? [];
  const columns = text.columns;
  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        ready={hydrated}
        onRefresh={() => refreshQuery(ADMIN_KEYS.services)}
        addLabel={text.add}
        onAdd={() => setDialog({ mode: 'create' })}
      />
      {services.status === 'error' && (
        <QueryError error={services.error} onRetry={() => void services.refetch()} />
      )}
      {services.isLoading ? (
        <p className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {text.loading}
        </p>
      ) : (
        services.data &&
        (list.length === 0 ? (
          <p className="text-sm opacity-70">{text.empty}</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table" aria-label={text.listLabel}>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.type}</th>
                  <th scope="col">{columns.url}</th>
                  <th scope="col">{columns.status}</th>
                  <th scope="col">{columns.createdAt}</th>
                  <th scope="col">{columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((service) => (
                  <tr key={service.id} data-testid="service-row">
                    <td className="font-semibold break-words" dir="auto">
                      {service.name}
                    </td>
                    <td dir="ltr" className="text-start">
                      <span className="badge badge-outline badge-sm">{service.type}</span>
                    </td>
                    <td className="max-w-64">
                      <a
                        href={service.url}
                        className="link block truncate"
                        dir="ltr"
                        title={service.url}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {service.url}
                      </a>
                    </td>
                    <td>
                      <StatusBadge status={service.status} />
                    </td>
                    <td className="whitespace-nowrap">{formatDate(service.created_at)}</td>
                    <td>
                      <RowActions
                        name={service.name}
                        ready={hydrated}
                        onEdit={() => setDialog({ mode: 'edit', service })}
                        onDelete={() => setDeleting(service)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
      <ServiceFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={text.deleteTitle}
        note={text.deleteNote}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteService(deleting.id);
          showSystemSuccess(SYSTEM_MESSAGES.serviceDeleted);
        }}
      />
    </div>
  );
}
