import { useState, type ReactNode } from 'react';
import type { ListMeta } from '@warraq/contracts';
import { t } from '@/i18n';
import { Pager } from './Pager';
import { QueryError } from './QueryError';
import { usePolledQuery, type QueryKey } from '@/lib/query';

interface PagedLogProps<T> {
  /** The cache key of a page (polled while shown). */
  keyFor: (page: number) => QueryKey;
  fetchPage: (page: number) => Promise<{ data: T[]; meta: ListMeta }>;
  label: string;
  intro: string;
  empty: string;
  /** The table of one page's rows (a `StackedTable`). */
  children: (rows: T[]) => ReactNode;
}

/** A log section: its intro, one page of rows in a table, the empty and failed states, the pager. */
export function PagedLog<T>({ keyFor, fetchPage, label, intro, empty, children }: PagedLogProps<T>) {
  const [page, setPage] = useState(1);
  const log = usePolledQuery(keyFor(page), () => fetchPage(page), { keepPreviousData: true });
  const rows = log.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3" aria-busy={log.isFetching}>
      <p className="text-sm opacity-80">{intro}</p>
      {log.status === 'error' && <QueryError error={log.error} onRetry={() => void log.refetch()} />}
      {log.isLoading && (
        <span role="status" className="loading loading-spinner" aria-label={t.common.loading} />
      )}
      {log.data && (rows.length === 0 ? <p className="text-sm opacity-70">{empty}</p> : children(rows))}
      {log.data && (
        <Pager
          page={log.data.meta.page}
          pages={log.data.meta.pages}
          onPage={setPage}
          label={`${t.logs.pagination}: ${label}`}
          summary={{ text: t.logs.pageOf, count: t.logs.totalRecords, total: log.data.meta.total }}
        />
      )}
    </div>
  );
}
