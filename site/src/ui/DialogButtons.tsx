interface DialogButtonsProps {
  cancelLabel: string;
  onCancel: () => void;
  /** The action is under way: both buttons wait, the action shows a spinner and `busyLabel`. */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** The action's daisyUI colour, e.g. `btn-primary`, `btn-error`. */
  tone: string;
  disabled?: boolean;
  /** Runs the action; without it the action is its form's submit button. */
  onAction?: () => void;
}

/** A dialog's Cancel and its action button, which stays pressed while the action runs. */
export function DialogButtons({
  cancelLabel,
  onCancel,
  busy,
  label,
  busyLabel,
  tone,
  disabled = false,
  onAction,
}: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={`btn ${tone}`}
        onClick={onAction}
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
