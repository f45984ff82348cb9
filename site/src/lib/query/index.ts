/**
 * The islands' shared query cache and polling hook (spec §7 fetch defaults).
 *
 * Key conventions, so one invalidation reaches every screen showing the same data (the dashboard's
 * Refresh Data invalidates `['system']`, `['moderation']` and `['content']`):
 * - `['content', ...]`  content lists (e.g. `['content', status, type, search, page]`);
 * - `['moderation', 'pending-count']`, `['moderation', 'log', ...]`;
 * - `['system', 'stats' | 'health' | 'version' | 'openapi' | 'services' | 'domains' | ...]`;
 * - `['users', ...]`  the users list.
 *
 * Usage: `const q = usePolledQuery(['system', 'services'], fetchServices)`; after a mutation
 * `runMutation(() => api(...), { invalidates: [['system', 'services'], ['system', 'stats']] })`
 * or `void invalidateQueries(['system', 'services'])`.
 */
export {
  QUERY_DEFAULTS,
  QueryCache,
  getQueryData,
  invalidateQueries,
  queryCache,
  runMutation,
  setQueryData,
  type Fetcher,
  type MutationOptions,
  type QueryKey,
  type QueryKeyPart,
  type QueryState,
  type QueryStatus,
} from './query-cache';
export { usePolledQuery, type PolledQueryOptions, type PolledQueryResult } from './use-polled-query';
