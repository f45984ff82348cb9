import { ApiError, ApiTimeoutError } from '@/lib/api/api-error';
import { t } from '@/i18n';

/**
 * Why a call failed, in Arabic: a timeout's sentence (never the error's own English word), the
 * server's reason, else the caller's fallback (a text, or one made from the error).
 */
export function failureText<F extends string | undefined>(
  error: unknown,
  fallback: F | ((error: unknown) => F),
): string | F {
  if (error instanceof ApiTimeoutError) return t.errors.timeout;
  if (error instanceof ApiError && error.message) return error.message;
  return typeof fallback === 'function' ? fallback(error) : fallback;
}
