import { useCallback, useEffect, useRef, useState } from 'react';

interface Page<T> {
  data: T[];
  meta: { page: number; pages: number; total: number };
}

export interface PagedList<T> {
  items: T[];
  total: number | null;
  status: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * A list read page by page with "load more": each page appends; a failed page can be retried
 * without losing what was already shown.
 */
export function usePagedList<T>(fetchPage: (page: number) => Promise<Page<T>>): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loaded, setLoaded] = useState<{ page: number; pages: number; total: number } | null>(null);
  const [status, setStatus] = useState<PagedList<T>['status']>('loading');
  const inFlight = useRef(false);

  const load = useCallback(
    async (page: number) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setStatus('loading');
      try {
        const answer = await fetchPage(page);
        setItems((current) => (page === 1 ? answer.data : [...current, ...answer.data]));
        setLoaded(answer.meta);
        setStatus('ready');
      } catch {
        setStatus('error');
      } finally {
        inFlight.current = false;
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const next = (loaded?.page ?? 0) + 1;
  return {
    items,
    total: loaded?.total ?? null,
    status,
    hasMore: loaded !== null && loaded.page < loaded.pages,
    loadMore: () => void load(next),
    retry: () => void load(loaded ? next : 1),
  };
}
