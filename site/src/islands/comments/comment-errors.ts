import { ApiError } from '@/lib/api/api-error';

const EXPLAINED = new Set([400, 403, 404, 429]);

/**
 * The toast for a failed comment call. A refusal the server explains (a 400 field error, someone
 * else's comment, gone, too fast) shows its own Arabic message; a lost session asks to log in;
 * anything else (no answer, a server fault) is the spec §8 message of the action.
 */
export function commentFailure(error: unknown, fallback: string, loginMessage: string): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return fallback;
  if (error.status === 401) return loginMessage;
  if (!EXPLAINED.has(error.status)) return fallback;
  return error.fieldErrors.text || error.message || fallback;
}
