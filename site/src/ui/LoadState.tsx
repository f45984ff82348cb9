import type { ReactNode } from 'react';
import { t } from '@/i18n';

/** A panel's first load, before there is anything to lay out: a large spinner in the middle. */
export function LoadingBlock() {
  return (
    <div className="flex justify-center py-10">
      <span role="status" className="loading loading-spinner loading-lg" aria-label={t.common.loading} />
    </div>
  );
}

/** A first load that says what is loading. */
export function LoadingLine({ label, className = 'text-sm' }: { label: string; className?: string }) {
  return (
    <p className={`flex items-center gap-2 ${className}`} role="status">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failed load: why, in Arabic, and a retry. */
export function LoadError({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap items-center gap-2 text-sm">
      <span>{message}</span>
      <button type="button" className="btn btn-xs" onClick={onRetry}>
        {t.dashboard.retry}
      </button>
    </div>
  );
}

/** A list with nothing in it: the reason, in a dashed box. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-box border border-dashed border-base-300 p-8 text-center opacity-80">{children}</p>
  );
}
