import { useState } from 'react';
import type { Comment } from '@warraq/contracts';
import { t } from '@/i18n';
import { Modal } from '@/islands/admin/Modal';

export interface CommentDeleteDialogProps {
  /** The comment to delete; null keeps the dialog closed. */
  target: Comment | null;
  onClose: () => void;
  /** Deletes; the dialog closes once it settled (the section toasts the outcome). */
  onConfirm: (comment: Comment) => Promise<unknown>;
}

/** Spec §4 delete with a confirm; says when replies will keep the thread. */
export function CommentDeleteDialog({ target, onClose, onConfirm }: CommentDeleteDialogProps) {
  const [busy, setBusy] = useState(false);

  async function handleConfirm() {
    if (!target) return;
    setBusy(true);
    try {
      await onConfirm(target);
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Modal
      open={target !== null}
      title={t.comments.deleteTitle}
      onClose={() => {
        if (!busy) onClose();
      }}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t.comments.cancel}
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => void handleConfirm()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {busy ? t.comments.deleting : t.comments.delete}
          </button>
        </>
      }
    >
      <p>{t.comments.deleteConfirm}</p>
      {target && target.replies.length > 0 && (
        <p className="text-sm opacity-80">{t.comments.deleteKeepsReplies}</p>
      )}
    </Modal>
  );
}
