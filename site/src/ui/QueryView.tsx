import type { ReactNode } from 'react';
import { QueryError } from './QueryError';
import type { PolledQueryResult } from '@/lib/query';
import { LoadingLine } from './LoadState';

interface QueryViewProps<T> {
  query: PolledQueryResult<T>;
  loadingLabel: string;
  /** The answer's view; a failed refetch keeps it under the error. */
  children: (data: T) => ReactNode;
}

/** A polled query's error (with retry), its first load, then its data. */
export function QueryView<T>({ query, loadingLabel, children }: QueryViewProps<T>) {
  return (
    <>
      {query.status === 'error' && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isLoading ? (
        <LoadingLine label={loadingLabel} />
      ) : (
        query.data !== undefined && children(query.data)
      )}
    </>
  );
}
