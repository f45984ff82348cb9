import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CreateDomainBodySchema,
  DOMAIN_STATUSES,
  SSL_STATUSES,
  SYSTEM_MESSAGES,
  type Domain,
} from '@warraq/contracts';
import { t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { usePolledQuery } from '@/lib/query';
import { DialogForm, FormDialog, saveForm, type FormDialogState } from '@/ui/FormDialog';
import { SelectField } from '@/ui/SelectField';
import { ADMIN_KEYS, createDomain, fetchServices, updateDomain } from './system-api';

/** The contract's body with the service chosen in a select ('' for none); primary is never set here. */
const DomainFormSchema = CreateDomainBodySchema.omit({ is_primary: true }).extend({
  service_id: z
    .string()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(CreateDomainBodySchema.shape.service_id.unwrap()),
});
type DomainInput = z.input<typeof DomainFormSchema>;
type DomainValues = z.output<typeof DomainFormSchema>;

const FIELDS = ['name', 'service_id', 'ssl_status', 'status'] as const;
const text = t.systemAdmin.domains;
const sslOptions = SSL_STATUSES.map((status) => ({ value: status, label: text.sslLabels[status] }));
const statusOptions = DOMAIN_STATUSES.map((status) => ({
  value: status,
  label: t.systemAdmin.statusLabels[status],
}));

export type DomainDialogState = FormDialogState<Domain>;

interface DomainFormDialogProps {
  state: DomainDialogState;
  onClose: () => void;
}

/** Spec §2 add/edit dialog; §5: name required; new domains: ssl valid, active, no service. */
export function DomainFormDialog({ state, onClose }: DomainFormDialogProps) {
  return (
    <FormDialog state={state} titles={{ add: text.addTitle, edit: text.editTitle }} onClose={onClose}>
      {(open) => <DomainForm state={open} onDone={onClose} />}
    </FormDialog>
  );
}

function DomainForm({ state, onDone }: { state: NonNullable<DomainDialogState>; onDone: () => void }) {
  const hydrated = useHydrated();
  const editing = state.mode === 'edit' ? state.row : null;
  // The same list the services page shows; only read while the dialog is open.
  const services = usePolledQuery(ADMIN_KEYS.services, fetchServices, { intervalMs: false });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DomainInput, unknown, DomainValues>({
    resolver: zodResolver(DomainFormSchema),
    defaultValues: editing
      ? {
          name: editing.name,
          service_id: editing.service_id === null ? '' : String(editing.service_id),
          ssl_status: editing.ssl_status,
          status: editing.status,
        }
      : { name: '', service_id: '', ssl_status: 'valid', status: 'active' },
  });

  const serviceOptions = [
    { value: '', label: text.noService },
    ...(services.data?.data ?? []).map((service) => ({ value: String(service.id), label: service.name })),
  ];
  // A domain linked to a service the list does not (yet) show keeps its link selectable.
  if (editing?.service_id != null && !serviceOptions.some((o) => o.value === String(editing.service_id))) {
    serviceOptions.push({
      value: String(editing.service_id),
      label: editing.service_name ?? `#${editing.service_id}`,
    });
  }

  const handleSave = (values: DomainValues) =>
    saveForm(editing ? () => updateDomain(editing.id, values) : () => createDomain(values), {
      success: editing ? SYSTEM_MESSAGES.domainUpdated : SYSTEM_MESSAGES.domainCreated,
      setError,
      fields: FIELDS,
      uniqueField: 'name',
      onDone,
    });

  const fields = text.fields;
  return (
    <DialogForm
      mode={state.mode}
      onSubmit={handleSubmit(handleSave)}
      submitting={isSubmitting}
      ready={hydrated}
      onCancel={onDone}
    >
      <TextField
        label={fields.name}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={253}
        placeholder={text.namePlaceholder}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label={fields.service}
        options={serviceOptions}
        hint={services.status === 'error' ? text.servicesUnavailable : undefined}
        error={errors.service_id?.message}
        {...register('service_id')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={fields.ssl}
          options={sslOptions}
          error={errors.ssl_status?.message}
          {...register('ssl_status')}
        />
        <SelectField
          label={fields.status}
          options={statusOptions}
          error={errors.status?.message}
          {...register('status')}
        />
      </div>
    </DialogForm>
  );
}
