import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '@/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Escape, the backdrop and the close button ask to close; the owner decides (not while saving). */
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body (the form's own submit lives inside `children`). */
  actions?: ReactNode;
}

/**
 * A daisyUI modal on the native <dialog>: `showModal()` gives the focus trap, Escape and the top
 * layer; React state stays the one source of whether it is open.
 */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element, the close button: start at the first field.
      dialog.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel`: keep the dialog open and let the owner close it through state.
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', handleCancel);
    return () => dialog.removeEventListener('cancel', handleCancel);
  }, []);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className="modal-box flex flex-col gap-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={t.common.close}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        {open && children}
        {actions && <div className="modal-action mt-0">{actions}</div>}
      </div>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} aria-hidden="true" onClick={onClose}>
          {t.common.close}
        </button>
      </div>
    </dialog>
  );
}
