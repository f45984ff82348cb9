import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { t } from '@/i18n';
import { DialogButtons } from './DialogButtons';
import { Modal } from './Modal';
import { showToast } from '@/stores/toasts';
import { SYSTEM_FAILURE, submitForm } from './form-submit';

/** An add/edit dialog: closed, adding, or editing `row`. */
export type FormDialogState<T> = { mode: 'create' } | { mode: 'edit'; row: T } | null;

interface FormDialogProps<T> {
  state: FormDialogState<T>;
  titles: { add: string; edit: string };
  onClose: () => void;
  /** The form, mounted afresh each time the dialog opens (so it starts from its defaults). */
  children: (state: NonNullable<FormDialogState<T>>) => ReactNode;
}

/** Spec §2 add/edit dialog around a row's form. */
export function FormDialog<T>({ state, titles, onClose, children }: FormDialogProps<T>) {
  return (
    <Modal open={state !== null} title={state?.mode === 'edit' ? titles.edit : titles.add} onClose={onClose}>
      {state && children(state)}
    </Modal>
  );
}

interface DialogFormProps {
  mode: 'create' | 'edit';
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The submit waits for the island to run (before that the browser would post the form). */
  ready: boolean;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
}

/** An add/edit dialog's form: its fields, Cancel and the submit (spec §4: create or edit mode). */
export function DialogForm({ mode, onSubmit, submitting, ready, onCancel, children }: DialogFormProps) {
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
      {children}
      <div className="modal-action mt-2">
        <DialogButtons
          cancelLabel={t.systemAdmin.cancel}
          onCancel={onCancel}
          busy={submitting}
          label={mode === 'create' ? t.systemAdmin.create : t.systemAdmin.save}
          busyLabel={t.systemAdmin.saving}
          tone="btn-primary"
          disabled={!ready}
        />
      </div>
    </form>
  );
}

interface SaveFormOptions<T extends FieldValues> {
  /** The spec's Success toast title. */
  success: string;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  /** The field a 409 (name taken) lands on. */
  uniqueField: Path<T>;
  onDone: () => void;
}

/**
 * Runs an add/edit form's save: the Success toast and close, or the refusal on the fields
 * and the spec's Error toast (the dialog stays open).
 */
export async function saveForm<T extends FieldValues>(
  save: () => Promise<unknown>,
  { success, setError, fields, uniqueField, onDone }: SaveFormOptions<T>,
): Promise<void> {
  const outcome = await submitForm(save, { setError, fields, conflictField: uniqueField }, SYSTEM_FAILURE);
  if (!outcome.ok) return;
  showToast({ title: success });
  onDone();
}
