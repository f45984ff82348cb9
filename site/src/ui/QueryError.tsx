import { ApiError } from '@/lib/api/api-error';
import { fmt, formatNumber, t } from '@/i18n';
import { LoadError } from './LoadState';

/** Why a query failed, in Arabic: no answer, or the status the server refused with. */
function reason(error: unknown): string {
  if (!(error instanceof ApiError)) return t.errors.generic;
  if (error.isNetworkError) return t.errors.network;
  return fmt(t.errors.httpStatus, { status: formatNumber(error.status) });
}

/** A failed query, with a retry that refetches it. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadError message={`${t.dashboard.loadFailed} — ${reason(error)}`} onRetry={onRetry} />;
}
