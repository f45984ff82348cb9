import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ModerationAction, ModerationItem, ModerationStatus } from '@warraq/contracts';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { fetchContentList, fetchPendingCount } from '@/lib/api/moderation';
import {
  CONTENT_TABS,
  FIRST_PAGES,
  PENDING_COUNT_KEY,
  TYPE_FILTERS,
  contentListKey,
  settlePage,
  type ContentListParams,
  type TabPages,
  type TypeFilter,
} from '@/lib/moderation/content-queue';
import { invalidateQueries, setQueryData, usePolledQuery } from '@/lib/query';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { href } from '@/lib/site/href';
import { QueryError } from '@/ui/QueryError';
import { EmptyState, LoadingBlock } from '@/ui/LoadState';
import { Pager } from '@/ui/Pager';
import { TabPanel, Tabs } from '@/ui/Tabs';
import { ContentTable, type ContentActionHandler } from './ContentTable';
import { ModerationDialog } from '@/ui/ModerationDialog';
import { runModeration } from '@/lib/moderation/run-moderation';

const text = t.moderation;
const SEARCH_DELAY_MS = 300;

export interface ContentManagerProps {
  initialTab: ModerationStatus;
  initialType: TypeFilter;
  /** Where the view action opens an item's page (the manga site, from the staff sites). */
  viewSite: { origin: string; keepSubdomain: boolean };
}

/** Keeps `?tab=` and `?type=` in the address, so a reload or a shared link opens the same list. */
function useFiltersInAddress(tab: ModerationStatus, type: TypeFilter) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (tab === 'pending') url.searchParams.delete('tab');
    else url.searchParams.set('tab', tab);
    if (type === 'all') url.searchParams.delete('type');
    else url.searchParams.set('type', type);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [tab, type]);
}

/** A `moderation.queue` event means some list changed: show the new counts and reload what is shown. */
function useQueueEvents() {
  useEffect(() => {
    const realtime = sharedRealtime();
    realtime.start();
    return realtime.on('moderation.queue', (data) => {
      setQueryData(PENDING_COUNT_KEY, data.pending);
      void invalidateQueries(['content']);
    });
  }, []);
}

interface TabListProps {
  params: ContentListParams;
  onAction: ContentActionHandler;
  viewHref: (path: string) => string;
  onSettled: (pages: number) => void;
  onPage: (page: number) => void;
}

/** One tab's list: only the active tab is mounted, so only it loads and polls (spec §7). */
function TabList({ params, onAction, viewHref, onSettled, onPage }: TabListProps) {
  const list = usePolledQuery(contentListKey(params), () => fetchContentList(params), {
    keepPreviousData: true,
  });
  const meta = list.data?.meta;
  useEffect(() => {
    if (meta && !list.isPlaceholder) onSettled(meta.pages);
  }, [meta, list.isPlaceholder, onSettled]);

  if (list.isLoading) {
    return <LoadingBlock />;
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={list.isFetching}>
      {list.status === 'error' && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          {list.data.data.length === 0 ? (
            <EmptyState>{text.empty[params.status]}</EmptyState>
          ) : (
            <ContentTable items={list.data.data} onAction={onAction} viewHref={viewHref} />
          )}
          {meta && meta.pages > 1 && (
            <div className="flex flex-col items-center gap-2">
              <Pager page={params.page} pages={meta.pages} onPage={onPage} label={text.pagination} />
              <p className="text-xs opacity-70">
                {fmt(text.pageOf, {
                  page: formatNumber(params.page),
                  pages: formatNumber(meta.pages),
                  total: fmtCount(text.totalItems, meta.total),
                })}
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Spec §2 Content management: pending / approved / rejected tabs over the moderation queue, a
 * search box and a type filter that keep each tab's page, and approve / reject / delete behind
 * their confirmation dialogs. Decisions carry the state the moderator saw, so two moderators
 * acting at once get one outcome and the second a message instead of a double action.
 */
export default function ContentManager({ initialTab, initialType, viewSite }: ContentManagerProps) {
  const [tab, setTab] = useState<ModerationStatus>(initialTab);
  const [type, setType] = useState<TypeFilter>(initialType);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState<TabPages>(FIRST_PAGES);
  const [selected, setSelected] = useState<{ item: ModerationItem; action: ModerationAction } | null>(null);
  const pending = usePolledQuery(PENDING_COUNT_KEY, fetchPendingCount);
  useFiltersInAddress(tab, type);
  useQueueEvents();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const viewHref = (path: string) =>
    `${viewSite.origin}${href(path, { siteType: 'manga', keepSubdomain: viewSite.keepSubdomain })}`;
  const handleAction = useCallback(
    (item: ModerationItem, action: ModerationAction) => setSelected({ item, action }),
    [],
  );
  const params: ContentListParams = { status: tab, type, search, page: pages[tab] };
  // Stable while the same dialog is open: a new request object would clear what was typed.
  const dialogRequest = useMemo(
    () => selected && { action: selected.action, title: selected.item.title },
    [selected],
  );
  const handleSettled = useCallback(
    (total: number) => setPages((current) => settlePage(current, tab, total)),
    [tab],
  );
  const pendingTotal = pending.data?.total;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <Tabs
          tabs={CONTENT_TABS}
          current={tab}
          onSelect={setTab}
          label={text.tabsLabel}
          idPrefix="content"
          className="tabs tabs-box tabs-sm w-full flex-nowrap overflow-x-auto sm:tabs-md md:w-auto"
          tabClassName="tab flex-1 shrink-0 flex-nowrap gap-1 whitespace-nowrap max-sm:text-xs md:flex-none"
        >
          {(status) => (
            <>
              {text.tabs[status]}
              {status === 'pending' && pendingTotal !== undefined && (
                <>
                  {/* A plain span may not carry a label: the number shows, its words are read. */}
                  <span
                    className="badge badge-warning badge-sm"
                    data-testid="pending-badge"
                    aria-hidden="true"
                  >
                    {formatNumber(pendingTotal)}
                  </span>
                  <span className="sr-only">
                    {fmt(text.pendingBadge, { count: formatNumber(pendingTotal) })}
                  </span>
                </>
              )}
            </>
          )}
        </Tabs>
        <form
          role="search"
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(searchInput.trim());
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{text.searchLabel}</span>
            <input
              type="search"
              dir="auto"
              maxLength={100}
              className="input input-sm w-full sm:w-64"
              placeholder={text.searchPlaceholder}
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{text.typeLabel}</span>
            <select
              className="select select-sm w-full sm:w-36"
              value={type}
              onChange={(event) => setType(event.target.value as TypeFilter)}
            >
              {TYPE_FILTERS.map((item) => (
                <option key={item} value={item}>
                  {text.types[item]}
                </option>
              ))}
            </select>
          </label>
        </form>
      </div>
      <TabPanel idPrefix="content" current={tab}>
        <TabList
          key={tab}
          params={params}
          onAction={handleAction}
          viewHref={viewHref}
          onSettled={handleSettled}
          onPage={(page) => setPages((current) => ({ ...current, [tab]: page }))}
        />
      </TabPanel>
      <ModerationDialog
        request={dialogRequest}
        reasonRequired={false}
        onConfirm={(note) =>
          selected ? runModeration(selected.item, selected.action, note) : Promise.resolve()
        }
        onClose={() => setSelected(null)}
      />
    </div>
  );
}
