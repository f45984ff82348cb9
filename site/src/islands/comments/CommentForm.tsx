import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { COMMENT_LIMITS, cleanCommentText } from '@warraq/contracts';
import { showToast } from '@/stores/toasts';
import { fmt, formatNumber, t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';

export interface CommentFormProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** Shown when only blanks were typed (spec §5: the new and the edit texts differ). */
  emptyMessage: string;
  initialText?: string;
  autoFocus?: boolean;
  rows?: number;
  /** Resolves true once saved: the form then empties itself. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}

/** The textarea of a new comment, a reply or an edit: counter against the cap, send disabled while empty. */
export function CommentForm(props: CommentFormProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState(props.initialText ?? '');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // The box is server-rendered and left uncontrolled, so whatever was typed or pasted into it before
  // the island hydrated stays in it; the state only mirrors it (counter, send button).
  useEffect(() => {
    if (field.current) setText(field.current.value);
  }, []);
  const counterId = useId();
  const blank = text.trim() === '';
  const over = text.length > COMMENT_LIMITS.textMax;

  async function handleSubmit(event?: SyntheticEvent) {
    event?.preventDefault();
    if (busy) return;
    if (cleanCommentText(text) === '') {
      showToast({ title: props.emptyMessage, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      if (await props.onSubmit(text)) {
        if (field.current) field.current.value = '';
        setText('');
      }
    } finally {
      setBusy(false);
    }
  }

  // Ctrl/⌘+Enter sends, as in most comment boxes; Enter alone is a new line.
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void handleSubmit();
    if (event.key === 'Escape' && props.onCancel && !busy) props.onCancel();
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <textarea
        className="textarea w-full"
        dir="auto"
        rows={props.rows ?? 3}
        aria-label={props.label}
        aria-describedby={counterId}
        placeholder={props.placeholder}
        maxLength={COMMENT_LIMITS.textMax}
        ref={field}
        defaultValue={props.initialText ?? ''}
        autoFocus={props.autoFocus}
        readOnly={busy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={counterId} className={`text-xs ${over ? 'text-error' : 'text-base-content/60'}`}>
          {fmt(t.comments.counter, {
            count: formatNumber(text.length),
            max: formatNumber(COMMENT_LIMITS.textMax),
          })}
        </span>
        <div className="flex gap-2">
          {props.onCancel && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={props.onCancel}>
              {t.comments.cancel}
            </button>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={!hydrated || blank || over || busy}
            aria-busy={busy}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {busy ? t.comments.sending : props.submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
