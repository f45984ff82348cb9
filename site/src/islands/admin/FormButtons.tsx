import { t } from '@/i18n';

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
      <button type="button" className="btn" onClick={onCancel} disabled={submitting}>
        {t.systemAdmin.cancel}
      </button>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={disabled || submitting}
        aria-busy={submitting}
      >
        {submitting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {submitting ? t.systemAdmin.saving : mode === 'create' ? t.systemAdmin.create : t.systemAdmin.save}
      </button>
    </div>
  );
}
