import { SYSTEM_MESSAGES } from '@warraq/contracts';
import { t } from '@/i18n';
import { showToast } from '@/stores/toasts';

/** Spec §8: a failed service or domain save or delete is a toast titled Error with the reason. */
export function showSystemError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : SYSTEM_MESSAGES.genericError;
  showToast({ title: t.systemAdmin.errorTitle, description: message, variant: 'destructive' });
}

/** Spec §8 successes: Service/Domain created, updated, deleted. */
export function showSystemSuccess(message: string): void {
  showToast({ title: message });
}
