import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  QUERY_DEFAULTS,
  hashKey,
  queryCache,
  type Fetcher,
  type QueryKey,
  type QueryState,
} from './query-cache';

export interface PolledQueryOptions<T> {
  /** Poll period while the tab is visible; `false` turns polling off (focus refetch stays). Default 5 s. */
  intervalMs?: number | false;
  /** `false` holds the query (no fetch, no poll), e.g. until a dialog opens. Default true. */
  enabled?: boolean;
  /** Age after which a mount or a focus refetches. Default 30 s (spec §7). */
  staleMs?: number;
  /** Data the server already rendered; the first fetch waits for it to go stale or for a poll tick. */
  initialData?: T;
  /** When `initialData` was fetched (ms since epoch); default: the island's first render. */
  initialUpdatedAt?: number;
  /** While a new key (the next page, a new filter) loads, show the previous key's data. */
  keepPreviousData?: boolean;
}

export interface PolledQueryResult<T> extends QueryState<T> {
  /** No data yet and the first fetch is running (show a loading state, not an empty one). */
  isLoading: boolean;
  /** `data` belongs to the previous key (see `keepPreviousData`). */
  isPlaceholder: boolean;
  /** Fetches now (a Refresh button); resolves when settled. */
  refetch: () => Promise<void>;
}

/**
 * A query shared through the page's cache, refetched every `intervalMs` while the tab is visible
 * and when the window regains focus, with the last data kept while it refetches (spec §7 fetch
 * defaults). The fetcher may change between renders; the latest one is used.
 */
export function usePolledQuery<T>(
  key: QueryKey,
  fetcher: Fetcher<T>,
  options: PolledQueryOptions<T> = {},
): PolledQueryResult<T> {
  const {
    intervalMs = QUERY_DEFAULTS.intervalMs,
    enabled = true,
    staleMs = QUERY_DEFAULTS.staleMs,
    initialData,
    initialUpdatedAt,
    keepPreviousData = false,
  } = options;
  const hash = hashKey(key);
  // The key as first seen for this hash: a new array literal each render must not re-run effects.
  const keyRef = useRef<{ hash: string; key: QueryKey }>({ hash, key });
  if (keyRef.current.hash !== hash) keyRef.current = { hash, key };
  const stableKey = keyRef.current.key;

  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  // The cache is a module singleton: on the server it would be shared by every visitor's render,
  // so server renders (and hydration, which must match them) read only this island's initial data.
  const onServer = typeof window === 'undefined';
  const serverStateRef = useRef<QueryState<T> | null>(null);
  if (serverStateRef.current === null || serverStateRef.current.data !== initialData) {
    serverStateRef.current =
      initialData === undefined
        ? { data: undefined, error: undefined, status: 'loading', isFetching: false, updatedAt: 0 }
        : {
            data: initialData,
            error: undefined,
            status: 'success',
            isFetching: false,
            updatedAt: initialUpdatedAt ?? 0,
          };
  }
  const serverState = serverStateRef.current;

  // Registered during render so a seeded entry and its fetcher exist before any effect runs.
  const seededRef = useRef<string | null>(null);
  if (!onServer) {
    queryCache.setFetcher<T>(stableKey, () => fetcherRef.current());
    if (initialData !== undefined && seededRef.current !== hash) {
      seededRef.current = hash;
      queryCache.seed(stableKey, initialData, initialUpdatedAt);
    }
  }

  const subscribe = useCallback(
    (listener: () => void) => (onServer ? () => undefined : queryCache.subscribe(stableKey, listener)),
    [stableKey, onServer],
  );
  const getSnapshot = useCallback(
    () => (onServer ? serverState : queryCache.getState<T>(stableKey)),
    [stableKey, onServer, serverState],
  );
  const getServerSnapshot = useCallback(() => serverState, [serverState]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  // Mount (or key change): fetch unless the cached data is still fresh.
  useEffect(() => {
    if (!enabled) return;
    void queryCache.fetchIfOlderThan(stableKey, staleMs);
  }, [stableKey, enabled, staleMs]);

  // Poll while visible; several islands on one key share each answer (a tick skips data younger
  // than the period, so two pollers do not double the requests).
  useEffect(() => {
    if (!enabled || intervalMs === false) return;
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      void queryCache.fetchIfOlderThan(stableKey, Math.max(0, intervalMs - 250));
    };
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [stableKey, enabled, intervalMs]);

  // Back to the tab: refetch what went out of date while polling was paused.
  useEffect(() => {
    if (!enabled) return;
    const maxAge = intervalMs === false ? staleMs : Math.min(staleMs, intervalMs);
    const onFocus = () => {
      if (document.visibilityState !== 'visible') return;
      void queryCache.fetchIfOlderThan(stableKey, maxAge);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [stableKey, enabled, intervalMs, staleMs]);

  const previousRef = useRef<T | undefined>(undefined);
  if (state.data !== undefined) previousRef.current = state.data;
  const placeholder = keepPreviousData && state.data === undefined && previousRef.current !== undefined;
  const refetch = useCallback(() => queryCache.fetch(stableKey), [stableKey]);

  return {
    ...state,
    data: placeholder ? previousRef.current : state.data,
    isLoading: !placeholder && state.data === undefined && state.status === 'loading',
    isPlaceholder: placeholder,
    refetch,
  };
}
