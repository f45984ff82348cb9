import {
  MODERATION_LIMITS,
  MODERATION_STATUSES,
  SERIES_TYPES,
  type ModerationAction,
  type ModerationListQuery,
  type ModerationStatus,
  type SeriesType,
} from '@warraq/contracts';
import type { QueryKey } from '@/lib/query';

/** The content page's tabs, pending first (spec §2: the default tab). */
export const CONTENT_TABS: readonly ModerationStatus[] = MODERATION_STATUSES;

/** The type filter: every type, or one (spec §2: all, manga, manhua, manhwa, novel). */
export type TypeFilter = SeriesType | 'all';
export const TYPE_FILTERS: readonly TypeFilter[] = ['all', ...SERIES_TYPES];

export interface ContentListParams {
  status: ModerationStatus;
  type: TypeFilter;
  search: string;
  page: number;
}

export const PENDING_COUNT_KEY = ['moderation', 'pending-count'] as const;

/** `['content', status, …]`: every list of one tab shares the prefix its invalidation uses. */
export function contentListKey({ status, type, search, page }: ContentListParams): QueryKey {
  return ['content', status, type, search, page];
}

/** Spec §7: page size 10, `type` omitted for all, `search` only when there is one. */
export function contentListQuery({ status, type, search, page }: ContentListParams): ModerationListQuery {
  const text = search.trim();
  return {
    status,
    page,
    limit: MODERATION_LIMITS.dashboardPageSize,
    ...(type !== 'all' ? { type } : {}),
    ...(text ? { search: text } : {}),
  };
}

/** Where an action leaves the item (a delete leaves no list). */
export function statusAfter(action: ModerationAction): ModerationStatus | null {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'delete':
      return null;
  }
}

/**
 * The lists an action changes (spec §7: approve refreshes pending and approved, reject pending and
 * rejected, delete all three), counted from the tab the item was in, plus the pending badge.
 */
export function invalidatedBy(action: ModerationAction, from: ModerationStatus): QueryKey[] {
  const target = statusAfter(action);
  const tabs = target === null ? CONTENT_TABS : CONTENT_TABS.filter((tab) => tab === from || tab === target);
  return [...tabs.map((tab) => ['content', tab] as QueryKey), PENDING_COUNT_KEY];
}

/** Whether the action would leave the item where it is (approving an approved item). */
export function isNoOp(action: ModerationAction, status: ModerationStatus): boolean {
  return statusAfter(action) === status;
}

export type TabPages = Record<ModerationStatus, number>;

export const FIRST_PAGES: TabPages = { pending: 1, approved: 1, rejected: 1 };

/**
 * The tab's page once its answer is known: kept as it is (spec §4: search and filter keep each
 * tab's page), unless the answer has fewer pages, when the last one is shown instead of an empty
 * table.
 */
export function settlePage(pages: TabPages, tab: ModerationStatus, totalPages: number): TabPages {
  const current = pages[tab];
  if (totalPages >= 1 && current > totalPages) return { ...pages, [tab]: totalPages };
  return pages;
}

/** The `?tab=` and `?type=` a link or a reload may carry (anything else is the default). */
export function readFilters(search: URLSearchParams): { tab: ModerationStatus; type: TypeFilter } {
  const tab = search.get('tab');
  const type = search.get('type');
  return {
    tab: CONTENT_TABS.find((item) => item === tab) ?? 'pending',
    type: TYPE_FILTERS.find((item) => item === type) ?? 'all',
  };
}
