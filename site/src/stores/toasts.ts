import { atom } from 'nanostores';
import { TOAST_EVENT, TOASTED_ATTRIBUTE } from './toast-signal';

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast (e.g. retry); pressing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  action?: ToastAction | undefined;
}

export interface ShowToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  durationMs?: number;
  action?: ToastAction | undefined;
}

/** The toasts on screen; one Toaster island renders them (role="status"). */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast({
  title,
  description,
  variant = 'default',
  durationMs = 5000,
  action,
}: ShowToastInput): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, title, description, variant, action }]);
  setTimeout(() => dismissToast(id), durationMs);
  // A toast region not hydrated yet (`client:toast`) starts now; the store holds the toast meanwhile.
  if (typeof document !== 'undefined' && !document.documentElement.hasAttribute(TOASTED_ATTRIBUTE)) {
    document.documentElement.setAttribute(TOASTED_ATTRIBUTE, '');
    window.dispatchEvent(new Event(TOAST_EVENT));
  }
  return id;
}
