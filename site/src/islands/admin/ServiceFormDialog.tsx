import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CreateServiceBodySchema,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  SYSTEM_MESSAGES,
  type Service,
} from '@warraq/contracts';
import { t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { DialogForm, FormDialog, saveForm, type FormDialogState } from '@/ui/FormDialog';
import { SelectField } from '@/ui/SelectField';
import { createService, updateService } from './system-api';

type ServiceInput = z.input<typeof CreateServiceBodySchema>;
type ServiceValues = z.output<typeof CreateServiceBodySchema>;

const FIELDS = ['name', 'url', 'type', 'status'] as const;
const text = t.systemAdmin;
const typeOptions = SERVICE_TYPES.map((type) => ({ value: type, label: text.typeLabels[type] }));
const statusOptions = SERVICE_STATUSES.map((status) => ({ value: status, label: text.statusLabels[status] }));

export type ServiceDialogState = FormDialogState<Service>;

interface ServiceFormDialogProps {
  state: ServiceDialogState;
  onClose: () => void;
}

/** Spec §2 add/edit dialog; §5: name and URL required; new services default to core and active. */
export function ServiceFormDialog({ state, onClose }: ServiceFormDialogProps) {
  return (
    <FormDialog
      state={state}
      titles={{ add: text.services.addTitle, edit: text.services.editTitle }}
      onClose={onClose}
    >
      {(open) => <ServiceForm state={open} onDone={onClose} />}
    </FormDialog>
  );
}

function ServiceForm({ state, onDone }: { state: NonNullable<ServiceDialogState>; onDone: () => void }) {
  const hydrated = useHydrated();
  const editing = state.mode === 'edit' ? state.row : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ServiceInput, unknown, ServiceValues>({
    resolver: zodResolver(CreateServiceBodySchema),
    defaultValues: editing
      ? { name: editing.name, url: editing.url, type: editing.type, status: editing.status }
      : { name: '', url: '', type: 'core', status: 'active' },
  });

  const handleSave = (values: ServiceValues) =>
    saveForm(editing ? () => updateService(editing.id, values) : () => createService(values), {
      success: editing ? SYSTEM_MESSAGES.serviceUpdated : SYSTEM_MESSAGES.serviceCreated,
      setError,
      fields: FIELDS,
      uniqueField: 'name',
      onDone,
    });

  const columns = text.services.columns;
  return (
    <DialogForm
      mode={state.mode}
      onSubmit={handleSubmit(handleSave)}
      submitting={isSubmitting}
      ready={hydrated}
      onCancel={onDone}
    >
      <TextField
        label={columns.name}
        autoComplete="off"
        required
        maxLength={100}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={columns.url}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="off"
        required
        placeholder="https://"
        error={errors.url?.message}
        {...register('url')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={columns.type}
          options={typeOptions}
          error={errors.type?.message}
          {...register('type')}
        />
        <SelectField
          label={columns.status}
          options={statusOptions}
          error={errors.status?.message}
          {...register('status')}
        />
      </div>
    </DialogForm>
  );
}
