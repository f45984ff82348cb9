import type { Comment } from '@warraq/contracts';
import { t } from '@/i18n';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

export interface CommentDeleteDialogProps {
  /** The comment to delete; null keeps the dialog closed. */
  target: Comment | null;
  onClose: () => void;
  /** Deletes; the dialog closes once it settled (the section toasts the outcome). */
  onConfirm: (comment: Comment) => Promise<unknown>;
}

const labels = { cancel: t.comments.cancel, confirm: t.comments.delete, busy: t.comments.deleting };

/** Spec §4 delete with a confirm; says when replies will keep the thread. */
export function CommentDeleteDialog({ target, onClose, onConfirm }: CommentDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={t.comments.deleteTitle}
      labels={labels}
      onClose={onClose}
      onConfirm={async () => {
        if (!target) return;
        try {
          await onConfirm(target);
        } finally {
          onClose();
        }
      }}
    >
      <p>{t.comments.deleteConfirm}</p>
      {target && target.replies.length > 0 && (
        <p className="text-sm opacity-80">{t.comments.deleteKeepsReplies}</p>
      )}
    </ConfirmDialog>
  );
}
