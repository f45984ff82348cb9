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
  /** Keeps only the items `keep` accepts (after a removal the server confirmed), the total with them. */
  drop: (keep: (item: T) => boolean) => void;
}

/**
 * A list read page by page with "load more": each page appends; a failed page can be retried
 * without losing what was already shown. A new `fetchPage` (another filter) starts again at page 1,
 * and an answer for a filter no longer shown is dropped.
 */
export function usePagedList<T>(fetchPage: (page: number) => Promise<Page<T>>): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loaded, setLoaded] = useState<{ page: number; pages: number; total: number } | null>(null);
  const [status, setStatus] = useState<PagedList<T>['status']>('loading');
  const latest = useRef(0);

  const load = useCallback(
    async (page: number) => {
      const call = ++latest.current;
      setStatus('loading');
      try {
        const answer = await fetchPage(page);
        if (call !== latest.current) return;
        setItems((current) => (page === 1 ? answer.data : [...current, ...answer.data]));
        setLoaded(answer.meta);
        setStatus('ready');
      } catch {
        if (call === latest.current) setStatus('error');
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    setItems([]);
    setLoaded(null);
    void load(1);
  }, [load]);

  const next = (loaded?.page ?? 0) + 1;
  return {
    items,
    total: loaded?.total ?? null,
    status,
    hasMore: loaded !== null && loaded.page < loaded.pages,
    loadMore: () => {
      if (status !== 'loading') void load(next);
    },
    retry: () => void load(loaded ? next : 1),
    drop: (keep) => {
      const kept = items.filter(keep);
      const removed = items.length - kept.length;
      setItems(kept);
      setLoaded((meta) => (meta ? { ...meta, total: Math.max(0, meta.total - removed) } : meta));
    },
  };
}
