import { useCallback, useState, type ReactNode } from 'react';
import type { ReadingEntry, SeriesType, Shelf } from '@warraq/contracts';
import { fmt, t } from '@/i18n';
import { failureMessage } from '@/lib/api/api-error';
import { fetchHistory, fetchShelves, removeHistory } from '@/lib/api/library';
import { formatChapterNumber } from '@/lib/format/format';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { showToast } from '@/stores/toasts';
import { BrowseLink, ListFrame, SeriesThumb } from '@/ui/SeriesLists';
import { TabPanel, Tabs } from '@/ui/Tabs';
import { usePagedList, type PagedList } from '@/ui/use-paged-list';

const text = t.readerLists;
const percentFormat = new Intl.NumberFormat('ar-SA', { style: 'percent', maximumFractionDigits: 0 });

function EntryRow({
  entry,
  site,
  onRemove,
}: {
  entry: ReadingEntry;
  site: HrefContext;
  onRemove: ((entry: ReadingEntry) => Promise<void>) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const seriesHref = href(seriesPath(entry.series.type, entry.series.slug), site);
  const percent = percentFormat.format(entry.percent / 100);

  async function remove() {
    if (!onRemove) return;
    setBusy(true);
    try {
      await onRemove(entry);
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <li
      className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid="reading-entry"
    >
      <a href={seriesHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <SeriesThumb series={entry.series} />
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <a href={seriesHref} className="font-semibold break-words hover:text-primary" dir="auto">
          {entry.series.title}
        </a>
        <span className="flex flex-wrap items-center gap-2 text-sm opacity-80">
          {entry.shelf && (
            <span className="badge badge-soft badge-primary badge-sm">{t.shelves.names[entry.shelf]}</span>
          )}
          <span>
            {entry.progress
              ? fmt(text.entry.reached, { number: formatChapterNumber(entry.progress.number) })
              : text.entry.notStarted}
          </span>
        </span>
        <span className="flex items-center gap-2 text-sm">
          <progress
            className="progress progress-primary w-24 sm:w-32"
            value={entry.percent}
            max={100}
            aria-label={fmt(text.entry.percent, { percent })}
          />
          <span data-testid="reading-percent">{fmt(text.entry.percent, { percent })}</span>
        </span>
        <span className="mt-1 flex flex-wrap gap-2">
          <a
            href={entry.progress ? href(entry.progress.path, site) : seriesHref}
            className="btn btn-primary btn-xs"
          >
            {entry.progress ? text.entry.continue : text.entry.open}
          </a>
          {onRemove && (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={busy}
              aria-label={fmt(text.recent.removeNamed, { title: entry.series.title })}
              onClick={() => void remove()}
            >
              {text.recent.remove}
            </button>
          )}
        </span>
      </div>
    </li>
  );
}

/**
 * The reader's series with their shelf, where they stopped and the share read: a shelf, the library's
 * tabs or the history (with a remove button per series when `onRemove` is given).
 */
export function ReadingList({
  list,
  site,
  empty,
  browseHref,
  testId,
  onRemove,
}: {
  list: PagedList<ReadingEntry>;
  site: HrefContext;
  empty: string;
  browseHref: string;
  testId: string;
  onRemove?: (entry: ReadingEntry) => Promise<void>;
}): ReactNode {
  return (
    <ListFrame<ReadingEntry>
      list={list}
      empty={<BrowseLink browseHref={browseHref} message={empty} />}
      testId={testId}
      render={(entry) => <EntryRow key={entry.series.id} entry={entry} site={site} onRemove={onRemove} />}
    />
  );
}

/** One shelf of a type (every shelf when null), page by page. */
export function useShelfList(type: SeriesType, shelf: Shelf | null): PagedList<ReadingEntry> {
  const fetchPage = useCallback((page: number) => fetchShelves(type, shelf, page), [type, shelf]);
  return usePagedList(fetchPage);
}

/** The history of a type, page by page, and removing one series from it. */
export function useHistoryList(type: SeriesType) {
  const fetchPage = useCallback((page: number) => fetchHistory(type, page), [type]);
  const list = usePagedList(fetchPage);
  const remove = async (entry: ReadingEntry) => {
    await removeHistory(entry.series.id);
    list.drop((item) => item.series.id !== entry.series.id);
    showToast({ title: t.readerLists.recent.removed });
  };
  return { list, remove };
}

/** The shared props of the reader's list pages (/follows, /library, /recent) of one reading site. */
export interface ReaderListsProps {
  type: SeriesType;
  site: HrefContext;
  /** The site's browse page, offered from an empty list. */
  browseHref: string;
}

/** A shelf's list with its empty words. */
export function ShelfTab({
  type,
  site,
  browseHref,
  shelf,
  empty,
}: ReaderListsProps & { shelf: Shelf | null; empty: string }) {
  const list = useShelfList(type, shelf);
  return <ReadingList list={list} site={site} empty={empty} browseHref={browseHref} testId="shelf-list" />;
}

/** The history's list, each series removable. */
export function HistoryEntries({
  history,
  site,
  browseHref,
}: Omit<ReaderListsProps, 'type'> & { history: ReturnType<typeof useHistoryList> }) {
  return (
    <ReadingList
      list={history.list}
      site={site}
      empty={text.empty.history}
      browseHref={browseHref}
      testId="history-list"
      onRemove={history.remove}
    />
  );
}

/** A tab of the reader's history of the site's type. */
export function HistoryTab({ type, ...props }: ReaderListsProps) {
  return <HistoryEntries history={useHistoryList(type)} {...props} />;
}

/** A list page's frame (/follows, /library): its intro, its tabs and the current tab's panel. */
export function ListsTabs<T extends string>({
  section,
  type,
  tabs,
  current,
  onSelect,
  children,
}: {
  section: 'follows' | 'library';
  type: SeriesType;
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  children: ReactNode;
}) {
  const words = text[section];
  const names = words.tabs as Record<T, string>;
  return (
    <div className="flex flex-col gap-4">
      <p className="opacity-80">{fmt(words.intro, { name: t.typeSites[type].name })}</p>
      <Tabs tabs={tabs} current={current} onSelect={onSelect} label={words.tabsLabel} idPrefix={section}>
        {(item) => names[item]}
      </Tabs>
      <TabPanel idPrefix={section} current={current} className="flex flex-col gap-4">
        {children}
      </TabPanel>
    </div>
  );
}
