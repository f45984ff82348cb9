import { ApiError } from '@/lib/api/api-error';
import { fmt, formatNumber, t } from '@/i18n';

/** Why a query failed, in Arabic: no answer, or the status the server refused with. */
function reason(error: unknown): string {
  if (!(error instanceof ApiError)) return t.errors.generic;
  if (error.isNetworkError) return t.errors.network;
  return fmt(t.errors.httpStatus, { status: formatNumber(error.status) });
}

/** A failed query, with a retry that refetches it. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap items-center gap-2 text-sm">
      <span>
        {t.dashboard.loadFailed} — {reason(error)}
      </span>
      <button type="button" className="btn btn-xs" onClick={onRetry}>
        {t.dashboard.retry}
      </button>
    </div>
  );
}
