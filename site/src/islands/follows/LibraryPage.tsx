import { useCallback, useState } from 'react';
import { SHELVES, type Shelf } from '@warraq/contracts/browser';
import { fmt, t } from '@/i18n';
import { fetchFavorites } from '@/lib/api/profile';
import { FavoritesList } from '@/ui/SeriesLists';
import { usePagedList } from '@/ui/use-paged-list';
import { useParamsInAddress } from '@/ui/use-params-in-address';
import { HistoryTab, ListsTabs, ShelfTab, type ReaderListsProps } from './ReadingList';

const text = t.readerLists;

export const LIBRARY_TABS = ['all', 'completed', 'favorites', 'recent'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

export interface LibraryPageProps extends ReaderListsProps {
  initialTab: LibraryTab;
  initialShelf: Shelf | null;
}

function FavoritesTab({ type, site, browseHref }: ReaderListsProps) {
  const fetchPage = useCallback((page: number) => fetchFavorites(page, type), [type]);
  const list = usePagedList(fetchPage);
  return (
    <FavoritesList
      list={list}
      site={site}
      browseHref={browseHref}
      intro={fmt(text.empty.favoritesIntro, { name: t.typeSites[type].name })}
    />
  );
}

/** The "all" tab's filter: every shelf, or one. */
function ShelfFilter({ shelf, onChange }: { shelf: Shelf | null; onChange: (shelf: Shelf | null) => void }) {
  return (
    <div role="group" aria-label={text.library.shelfFilter} className="flex flex-wrap gap-2">
      {[null, ...SHELVES].map((item) => (
        <button
          key={item ?? 'all'}
          type="button"
          aria-pressed={item === shelf}
          className={`btn btn-xs ${item === shelf ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => onChange(item)}
        >
          {item ? t.shelves.names[item] : text.library.allShelves}
        </button>
      ))}
    </div>
  );
}

/**
 * Spec §2 `/library` of one reading site: everything on the reader's shelves (filtered by shelf),
 * what they completed, their favourites and what they read last.
 */
export default function LibraryPage({ initialTab, initialShelf, ...lists }: LibraryPageProps) {
  const [tab, setTab] = useState<LibraryTab>(initialTab);
  const [shelf, setShelf] = useState<Shelf | null>(initialShelf);
  useParamsInAddress({ tab: tab === 'all' ? null : tab, shelf: tab === 'all' ? shelf : null });
  return (
    <ListsTabs section="library" type={lists.type} tabs={LIBRARY_TABS} current={tab} onSelect={setTab}>
      {tab === 'all' && (
        <>
          <ShelfFilter shelf={shelf} onChange={setShelf} />
          <ShelfTab
            {...lists}
            shelf={shelf}
            empty={shelf ? fmt(text.empty.shelf, { shelf: t.shelves.names[shelf] }) : text.empty.all}
          />
        </>
      )}
      {tab === 'completed' && <ShelfTab {...lists} shelf="completed" empty={text.empty.completed} />}
      {tab === 'favorites' && <FavoritesTab {...lists} />}
      {tab === 'recent' && <HistoryTab {...lists} />}
    </ListsTabs>
  );
}
