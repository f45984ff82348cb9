import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
}

export interface ShowToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  durationMs?: number;
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
}: ShowToastInput): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, title, description, variant }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}
