import { ApiError } from '@/lib/api/api-error';

/**
 * A small shared query cache for the islands (spec §7 "Fetch defaults": refetch every 5 s and on
 * window focus, stale after 30 s, one retry for queries and mutations). The stack has no
 * react-query; this is the minimum of it the admin screens need: one entry per key shared by every
 * island on the page, in-flight requests deduplicated, the last data kept while refetching, and
 * {@link invalidateQueries} so a mutation refreshes the matching lists.
 */

/** One part of a query key; keys are compared part by part, so `['content']` prefixes `['content', 'list', 2]`. */
export type QueryKeyPart = string | number | boolean | null;
/** A query's identity: an array of parts, or a single string (same as a one-part array). */
export type QueryKey = string | readonly QueryKeyPart[];

export type QueryStatus = 'loading' | 'success' | 'error';

export interface QueryState<T> {
  /** The last data fetched; kept while a refetch runs and after a later failure. */
  data: T | undefined;
  /** The last failure (cleared by the next success). */
  error: unknown;
  /** 'loading' until the first answer; then 'success' or 'error' after each settled fetch. */
  status: QueryStatus;
  isFetching: boolean;
  /** When `data` was fetched (ms since epoch); 0 when there is none or it was invalidated. */
  updatedAt: number;
}

export type Fetcher<T> = () => Promise<T>;

/** Spec §7 fetch defaults. */
export const QUERY_DEFAULTS = {
  intervalMs: 5_000,
  staleMs: 30_000,
  retries: 1,
  retryDelayMs: 1_000,
} as const;

type Listener = () => void;

interface Entry<T> {
  state: QueryState<T>;
  fetcher: Fetcher<T> | null;
  listeners: Set<Listener>;
  inFlight: Promise<void> | null;
  /** Bumped by invalidation so a fetch started before it cannot overwrite the newer answer's age. */
  generation: number;
}

const INITIAL: QueryState<never> = {
  data: undefined,
  error: undefined,
  status: 'loading',
  isFetching: false,
  updatedAt: 0,
};

export function normaliseKey(key: QueryKey): readonly QueryKeyPart[] {
  return typeof key === 'string' ? [key] : key;
}

export function hashKey(key: QueryKey): string {
  return JSON.stringify(normaliseKey(key));
}

/** True when every part of `prefix` equals the part at the same place in `key`. */
export function keyStartsWith(key: QueryKey, prefix: QueryKey): boolean {
  const full = normaliseKey(key);
  const head = normaliseKey(prefix);
  if (head.length > full.length) return false;
  return head.every((part, index) => full[index] === part);
}

/**
 * Whether a failed request is worth repeating: a client error (400-499 other than 408/429) gives
 * the same answer again, so only transport failures and server errors are retried.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status === 0 || error.status >= 500;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class QueryCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly keys = new Map<string, readonly QueryKeyPart[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private entry<T>(key: QueryKey): Entry<T> {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { state: INITIAL, fetcher: null, listeners: new Set(), inFlight: null, generation: 0 };
      this.entries.set(hash, entry);
      this.keys.set(hash, normaliseKey(key));
    }
    return entry as Entry<T>;
  }

  private update<T>(entry: Entry<T>, patch: Partial<QueryState<T>>): void {
    entry.state = { ...entry.state, ...patch };
    for (const listener of [...entry.listeners]) listener();
  }

  getState<T>(key: QueryKey): QueryState<T> {
    return this.entry<T>(key).state;
  }

  getData<T>(key: QueryKey): T | undefined {
    return this.entry<T>(key).state.data;
  }

  /** The fetcher used by refetches and invalidation (the latest one an island registered). */
  setFetcher<T>(key: QueryKey, fetcher: Fetcher<T>): void {
    this.entry<T>(key).fetcher = fetcher;
  }

  subscribe(key: QueryKey, listener: Listener): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Data the page already has (server-rendered), so the island does not fetch it again at once. */
  seed<T>(key: QueryKey, data: T, updatedAt: number = this.now()): void {
    const entry = this.entry<T>(key);
    if (entry.state.updatedAt >= updatedAt && entry.state.data !== undefined) return;
    this.update(entry, { data, status: 'success', error: undefined, updatedAt });
  }

  /** Replaces the cached data (an optimistic change, or the answer of a mutation). */
  setData<T>(key: QueryKey, updater: T | ((previous: T | undefined) => T)): void {
    const entry = this.entry<T>(key);
    const data =
      typeof updater === 'function' ? (updater as (previous: T | undefined) => T)(entry.state.data) : updater;
    this.update(entry, { data, status: 'success', error: undefined, updatedAt: this.now() });
  }

  isStale(key: QueryKey, staleMs: number = QUERY_DEFAULTS.staleMs): boolean {
    const { updatedAt } = this.entry(key).state;
    return updatedAt === 0 || this.now() - updatedAt >= staleMs;
  }

  /**
   * Fetches the key now, or joins the fetch already running. A failure is retried
   * {@link QUERY_DEFAULTS.retries} time(s); the last data stays in place whatever happens.
   */
  fetch<T>(key: QueryKey): Promise<void> {
    const entry = this.entry<T>(key);
    if (entry.inFlight) return entry.inFlight;
    const fetcher = entry.fetcher;
    if (!fetcher) return Promise.resolve();
    const generation = entry.generation;
    this.update(entry, { isFetching: true });
    const run = async () => {
      let attempt = 0;
      for (;;) {
        try {
          const data = await fetcher();
          // An invalidation during the fetch asks for an answer newer than this one: keep the
          // data (it is still the newest we have) but leave it stale so the next fetch runs.
          const fresh = entry.generation === generation;
          this.update(entry, {
            data,
            error: undefined,
            status: 'success',
            isFetching: false,
            updatedAt: fresh ? this.now() : 0,
          });
          return;
        } catch (error) {
          if (attempt < QUERY_DEFAULTS.retries && isRetryable(error)) {
            attempt += 1;
            await sleep(QUERY_DEFAULTS.retryDelayMs * attempt);
            continue;
          }
          this.update(entry, { error, status: 'error', isFetching: false });
          return;
        }
      }
    };
    entry.inFlight = run().finally(() => {
      entry.inFlight = null;
    });
    return entry.inFlight;
  }

  /** Fetches only when the data is older than `maxAgeMs` (a poll tick, a focus, a mount). */
  fetchIfOlderThan(key: QueryKey, maxAgeMs: number): Promise<void> {
    const { updatedAt } = this.entry(key).state;
    if (updatedAt !== 0 && this.now() - updatedAt < maxAgeMs) return Promise.resolve();
    return this.fetch(key);
  }

  /**
   * Marks every entry whose key starts with `prefix` stale and refetches those an island is
   * showing (spec §7: "Mutations invalidate the matching cached lists"). Entries nobody shows
   * fetch when next shown. Resolves when the refetches have settled.
   */
  invalidate(prefix: QueryKey): Promise<void> {
    const refetches: Promise<void>[] = [];
    for (const [hash, entry] of this.entries) {
      const key = this.keys.get(hash);
      if (!key || !keyStartsWith(key, prefix)) continue;
      entry.generation += 1;
      entry.state = { ...entry.state, updatedAt: 0 };
      if (entry.listeners.size > 0) {
        // A fetch already running started before the change: fetch again once it settles.
        const pending = entry.inFlight ?? Promise.resolve();
        refetches.push(pending.then(() => this.fetch(key)));
      }
    }
    return Promise.all(refetches).then(() => undefined);
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.entries.clear();
    this.keys.clear();
  }
}

/** The page's one cache, shared by all its islands. */
export const queryCache = new QueryCache();

/** Refetches the shown queries whose key starts with `prefix` (after a mutation, a Refresh button). */
export function invalidateQueries(prefix: QueryKey): Promise<void> {
  return queryCache.invalidate(prefix);
}

export function setQueryData<T>(key: QueryKey, updater: T | ((previous: T | undefined) => T)): void {
  queryCache.setData(key, updater);
}

export function getQueryData<T>(key: QueryKey): T | undefined {
  return queryCache.getData<T>(key);
}

export interface MutationOptions {
  /** Key prefixes whose cached lists change with this mutation; refetched after it succeeds. */
  invalidates?: readonly QueryKey[];
  /**
   * False for a mutation the server cannot recognise as a repeat (a points award): a request lost
   * after the server acted would otherwise be applied twice.
   */
  retry?: boolean;
}

/**
 * Runs a mutation with the spec's one retry, then invalidates the lists it changed. Only a request
 * that got no answer at all (network failure, status 0) is repeated: an answer of any status means
 * the server decided, and repeating a create could make two.
 */
export async function runMutation<T>(mutate: () => Promise<T>, options: MutationOptions = {}): Promise<T> {
  let result: T;
  try {
    result = await mutate();
  } catch (error) {
    const unanswered = error instanceof ApiError && error.isNetworkError && error.name !== 'ApiTimeoutError';
    if (!unanswered || options.retry === false) throw error;
    await sleep(QUERY_DEFAULTS.retryDelayMs);
    result = await mutate();
  }
  // Not awaited: the caller (a dialog closing, a toast) need not wait for the lists to reload.
  for (const prefix of options.invalidates ?? []) void queryCache.invalidate(prefix);
  return result;
}
