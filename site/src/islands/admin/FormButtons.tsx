import { t } from '@/i18n';
import { DialogButtons } from '@/islands/common/DialogButtons';

interface FormButtonsProps {
  mode: 'create' | 'edit';
  submitting: boolean;
  disabled: boolean;
  onCancel: () => void;
}

/** Cancel and the submit of an add/edit dialog's form (spec §4: create or edit mode). */
export function FormButtons({ mode, submitting, disabled, onCancel }: FormButtonsProps) {
  return (
    <div className="modal-action mt-2">
      <DialogButtons
        cancelLabel={t.systemAdmin.cancel}
        onCancel={onCancel}
        busy={submitting}
        label={mode === 'create' ? t.systemAdmin.create : t.systemAdmin.save}
        busyLabel={t.systemAdmin.saving}
        tone="btn-primary"
        disabled={disabled}
      />
    </div>
  );
}
