import type { LibraryEntry } from '@warraq/contracts';
import { fmt, fmtCount, t } from '@/i18n';
import { formatChapterNumber } from '@/lib/format/format';
import { fetchFavorites, fetchLibrary } from '@/lib/api/profile';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { BrowseLink, FavoritesList, ListFrame, SeriesThumb } from '@/ui/SeriesLists';
import { usePagedList } from '@/ui/use-paged-list';

const text = t.profile;

/** The library tab: every series with reading progress, where the reader stopped, and a way back in. */
export function LibraryTab({ site }: { site: HrefContext }) {
  const list = usePagedList(fetchLibrary);
  return (
    <ListFrame<LibraryEntry>
      list={list}
      intro={text.libraryIntro}
      empty={<BrowseLink browseHref={href('/series/manga', site)} message={text.libraryEmpty} />}
      testId="library-list"
      render={(entry) => (
        <li
          key={entry.series.id}
          className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3"
        >
          <a href={href(seriesPath(entry.series.type, entry.series.slug), site)} className="shrink-0">
            <SeriesThumb series={entry.series} />
          </a>
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <a
              href={href(seriesPath(entry.series.type, entry.series.slug), site)}
              className="font-semibold break-words"
              dir="auto"
            >
              {entry.series.title}
            </a>
            <span className="text-sm opacity-80">
              {fmt(text.reachedChapter, { number: formatChapterNumber(entry.chapter.number) })}
            </span>
            {entry.caughtUp && (
              <span className="badge badge-success badge-soft badge-sm">{text.caughtUp}</span>
            )}
          </span>
          <a href={href(entry.path, site)} className="btn btn-primary btn-sm shrink-0">
            {text.continue}
          </a>
        </li>
      )}
    />
  );
}

/** The favourites tab: the series the reader marked, newest first. */
export function FavoritesTab({ site }: { site: HrefContext }) {
  const list = usePagedList(fetchFavorites);
  return (
    <FavoritesList
      list={list}
      site={site}
      browseHref={href('/series/manga', site)}
      intro={list.total ? fmtCount(text.favoritesCount, list.total) : text.favoritesIntro}
    />
  );
}
