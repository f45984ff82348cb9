import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';
import { DialogButtons } from './DialogButtons';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  labels: { cancel: string; confirm: string; busy: string };
  onClose: () => void;
  /**
   * Runs the confirmed action; the dialog cannot be closed until it settled. Whether it then
   * closes (always, or only on success) is the action's to say, through `onClose`.
   */
  onConfirm: () => Promise<void>;
  children: ReactNode;
}

/** A destructive action's confirm: the body, Cancel and a red confirm button. */
export function ConfirmDialog({ open, title, labels, onClose, onConfirm, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function handleConfirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
      actions={
        <DialogButtons
          cancelLabel={labels.cancel}
          onCancel={onClose}
          busy={busy}
          label={labels.confirm}
          busyLabel={labels.busy}
          tone="btn-error"
          onAction={() => void handleConfirm()}
        />
      }
    >
      {children}
    </Modal>
  );
}
