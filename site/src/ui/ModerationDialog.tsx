import { useEffect, useId, useRef, useState } from 'react';
import { MODERATION_LIMITS, type ModerationAction } from '@warraq/contracts';
import { fmt, t } from '@/i18n';
import { DialogButtons } from './DialogButtons';

const text = t.moderation;

export interface ModerationDialogRequest {
  action: ModerationAction;
  /** The item's title, named in the dialog. */
  title: string;
}

interface ModerationDialogProps {
  /** The action to confirm; null keeps the dialog closed. */
  request: ModerationDialogRequest | null;
  /**
   * The reader's reject dialog will not send a blank reason; the dashboard's sends one when given
   * (spec §2, §5).
   */
  reasonRequired: boolean;
  /** Runs the action; the dialog stays open (buttons busy) until it settles, then closes. */
  onConfirm: (note: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The confirmation dialogs قبول المحتوى / رفض المحتوى / حذف المحتوى (spec §2), each with Cancel and
 * a confirm button; approve takes optional notes and reject its reason, both empty on opening.
 */
export function ModerationDialog({ request, reasonRequired, onConfirm, onClose }: ModerationDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const fieldId = useId();
  const action = request?.action ?? null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request) {
      // Spec §4: the reason is cleared when the dialog opens.
      setNote('');
      setError(null);
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) dialog.close();
  }, [request]);

  async function handleConfirm() {
    if (!action || busy) return;
    if (action === 'reject' && reasonRequired && !note.trim()) {
      setError(text.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(note);
    } finally {
      setBusy(false);
      onClose();
    }
  }

  const field =
    action === 'approve'
      ? { label: text.notesLabel, required: false }
      : action === 'reject'
        ? { label: text.reasonLabel, required: reasonRequired }
        : null;
  const errorId = `${fieldId}-error`;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape closes, unless the action is already on its way.
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (request) onClose();
      }}
    >
      {request && action && (
        <form
          className="modal-box flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void handleConfirm();
          }}
          noValidate
        >
          <h2 id={titleId} className="text-lg font-bold">
            {text.dialogs[action].title}
          </h2>
          <p dir="auto">{fmt(text.dialogs[action].body, { title: request.title })}</p>
          {field && (
            <div className="flex flex-col gap-1">
              <label htmlFor={fieldId} className="font-semibold">
                {field.label}
              </label>
              <textarea
                id={fieldId}
                dir="auto"
                rows={3}
                maxLength={MODERATION_LIMITS.noteMax}
                className={`textarea w-full ${error ? 'textarea-error' : ''}`}
                value={note}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setNote(event.target.value);
                  if (error) setError(null);
                }}
              />
              {error && (
                <p id={errorId} role="alert" className="text-sm text-error">
                  {error}
                </p>
              )}
            </div>
          )}
          <div className="modal-action mt-0">
            <DialogButtons
              cancelLabel={text.cancel}
              onCancel={onClose}
              busy={busy}
              label={text.dialogs[action].confirm}
              busyLabel={text.working}
              tone={action === 'approve' ? 'btn-success' : 'btn-error'}
            />
          </div>
        </form>
      )}
    </dialog>
  );
}
