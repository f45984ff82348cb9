import type {
  ContentKind,
  ModerationAction,
  ModerationActionResponse,
  ModerationStatus,
} from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { sendModeration } from '@/lib/api/moderation';
import { invalidatedBy } from './content-queue';
import { invalidateQueries, runMutation } from '@/lib/query';
import { showToast } from '@/stores/toasts';
import { fmt, t } from '@/i18n';

const text = t.moderation;

/** What a moderation action is about, as the screen showing it knows it. */
export interface ModerationTarget {
  id: number;
  contentType: ContentKind;
  title: string;
  /** The state the moderator saw (the tab, the reader's badge): sent as `expectedStatus`. */
  status: ModerationStatus;
}

/** Spec §8 failure text, with the server's reason when it gave one (another moderator acted first…). */
function failureText(action: ModerationAction, error: unknown): string {
  const base = text.failed[action];
  if (!(error instanceof ApiError)) return base;
  if (error.isNetworkError) return `${base}. ${t.errors.network}`;
  return error.message ? `${base}: ${error.message}` : base;
}

/**
 * Sends one decision, refreshes the lists it changed and says how it went (spec §8 toasts: the
 * title in quotes on success, the delete toast destructive). Resolves to the answer, or null after
 * a failure the toast already reported.
 */
export async function runModeration(
  target: ModerationTarget,
  action: ModerationAction,
  note?: string,
): Promise<ModerationActionResponse | null> {
  try {
    const answer = await runMutation(
      () =>
        sendModeration({
          action,
          id: target.id,
          contentType: target.contentType,
          expectedStatus: target.status,
          note,
        }),
      { invalidates: invalidatedBy(action, target.status) },
    );
    showToast({
      title: text.done[action],
      description: fmt(text.doneBody, { title: target.title }),
      variant: action === 'delete' ? 'destructive' : 'default',
    });
    return answer;
  } catch (error) {
    showToast({ title: text.failedTitle, description: failureText(action, error), variant: 'destructive' });
    // Gone or moved by someone else: every list may be out of date, so all of them reload.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      for (const key of invalidatedBy('delete', target.status)) void invalidateQueries(key);
    }
    return null;
  }
}
