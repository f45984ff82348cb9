import { useState } from 'react';
import { fmt, t } from '@/i18n';
import { Modal } from './Modal';
import { showSystemError } from './system-toasts';

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

/** Spec §2 "Delete with confirm": names the row, and closes only once the delete succeeded. */
export function ConfirmDeleteDialog({ target, title, note, onClose, onConfirm }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);

  async function handleConfirm() {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      showSystemError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t.systemAdmin.cancel}
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => void handleConfirm()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {busy ? t.systemAdmin.deleting : t.systemAdmin.delete}
          </button>
        </>
      }
    >
      <p dir="auto">{target ? fmt(t.systemAdmin.deleteConfirm, { name: target.name }) : null}</p>
      {note && <p className="text-sm opacity-80">{note}</p>}
    </Modal>
  );
}
