import {
  CATEGORIES,
  CONTENT_LIMITS,
  SERIES_STATUSES,
  SORTS,
  type Category,
  type SeriesSort,
  type SeriesStatus,
  type SeriesType,
} from '@warraq/contracts/browser';

/** The list page's state, read from its URL: every filter is a query parameter sent to the server. */
export interface SeriesListState {
  page: number;
  search: string;
  category: Category | null;
  status: SeriesStatus | null;
  sort: SeriesSort;
  /** Keyset cursors carried by the previous/next links (the server seeks instead of skipping rows). */
  after: string | null;
  before: string | null;
}

const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;
const cursorOf = (value: string | null) => (value && CURSOR.test(value) ? value : null);

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/**
 * Filters a list page fixes by its path (`/manhwa/completed`, `/manhwa/category/action`,
 * `/novel/popular`): they are not in its query and its form does not offer them.
 */
export interface ListLock {
  category?: Category;
  status?: SeriesStatus;
  sort?: SeriesSort;
}

/** Reads the list state from the page's query; unknown values fall back to 'all' and page 1. */
export function readListState(params: URLSearchParams, lock: ListLock = {}): SeriesListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category: lock.category ?? oneOf(CATEGORIES, params.get('category')),
    status: lock.status ?? oneOf(SERIES_STATUSES, params.get('status')),
    sort: lock.sort ?? oneOf(SORTS, params.get('sort')) ?? 'latest',
    after: cursorOf(params.get('after')),
    before: cursorOf(params.get('before')),
  };
}

/** The platform query of GET /api/content for a type's list page (10 per page). */
export function listApiQuery(state: SeriesListState, type: SeriesType = 'manga'): URLSearchParams {
  const query = new URLSearchParams({
    type,
    page: String(state.page),
    limit: String(CONTENT_LIMITS.mangaListPageSize),
    sort: state.sort,
  });
  if (state.search) query.set('search', state.search);
  if (state.category) query.set('category', state.category);
  if (state.status) query.set('seriesStatus', state.status);
  if (state.after) query.set('after', state.after);
  else if (state.before) query.set('before', state.before);
  return query;
}

/** The list page's own query for a state (defaults left out, so URLs stay short). */
export function listPageQuery(state: SeriesListState, lock: ListLock = {}): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  if (state.category && !lock.category) query.set('category', state.category);
  if (state.status && !lock.status) query.set('status', state.status);
  if (state.sort !== 'latest' && !lock.sort) query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  if (state.after) query.set('after', state.after);
  else if (state.before) query.set('before', state.before);
  return query;
}
