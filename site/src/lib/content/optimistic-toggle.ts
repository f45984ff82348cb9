import { ApiError, failureMessage } from '@/lib/api/api-error';
import { showToast } from '@/stores/toasts';

export interface OptimisticToggle<S, A> {
  signedIn: boolean;
  /** Shown to a guest, and when the server says the session is gone (401). */
  loginMessage: string;
  current: S;
  /** What the control shows at once, before the server answers. */
  optimistic: S;
  set: (state: S) => void;
  setBusy: (busy: boolean) => void;
  request: () => Promise<A>;
  /** The state the server's answer settles on (its counts win over the guess). */
  settle: (answer: A) => S;
  onSuccess?: (answer: A) => void;
  /** The failure toast's text; by default the spec §8 like/favourite 'فشلت العملية' / 'حدث خطأ'. */
  failureMessage?: (error: unknown) => string;
}

/**
 * Spec §4 like and favourite: the control flips at once and the server's answer settles it; on any
 * failure the state rolls back and a toast says why.
 */
export async function runOptimisticToggle<S, A>(toggle: OptimisticToggle<S, A>): Promise<void> {
  if (!toggle.signedIn) {
    showToast({ title: toggle.loginMessage, variant: 'destructive' });
    return;
  }
  toggle.set(toggle.optimistic);
  toggle.setBusy(true);
  try {
    const answer = await toggle.request();
    toggle.set(toggle.settle(answer));
    toggle.onSuccess?.(answer);
  } catch (error) {
    toggle.set(toggle.current);
    const loginNeeded = error instanceof ApiError && error.status === 401;
    const message = loginNeeded ? toggle.loginMessage : (toggle.failureMessage ?? failureMessage)(error);
    showToast({ title: message, variant: 'destructive' });
  } finally {
    toggle.setBusy(false);
  }
}

/** A liked/favourited flag with its count, flipped. */
export function flipped(state: { on: boolean; count: number }): { on: boolean; count: number } {
  return { on: !state.on, count: Math.max(0, state.count + (state.on ? -1 : 1)) };
}
