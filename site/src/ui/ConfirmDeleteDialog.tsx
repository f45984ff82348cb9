import { fmt, t } from '@/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { SYSTEM_FAILURE, showFailureToast } from './form-submit';

export interface ConfirmDeleteDialogProps {
  /** The row to delete; null keeps the dialog closed. */
  target: { name: string } | null;
  title: string;
  /** What else the delete changes, when it is not obvious. */
  note?: string | undefined;
  onClose: () => void;
  /** Deletes; a rejection keeps the dialog open and shows the spec's Error toast. */
  onConfirm: () => Promise<unknown>;
}

const labels = { cancel: t.systemAdmin.cancel, confirm: t.systemAdmin.delete, busy: t.systemAdmin.deleting };

/** Spec §2 "Delete with confirm": names the row, and closes only once the delete succeeded. */
export function ConfirmDeleteDialog({ target, title, note, onClose, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      labels={labels}
      onClose={onClose}
      onConfirm={async () => {
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          showFailureToast(error, SYSTEM_FAILURE);
        }
      }}
    >
      <p dir="auto">{target ? fmt(t.systemAdmin.deleteConfirm, { name: target.name }) : null}</p>
      {note && <p className="text-sm opacity-80">{note}</p>}
    </ConfirmDialog>
  );
}
