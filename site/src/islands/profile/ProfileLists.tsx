import type { ReactNode } from 'react';
import type { LibraryEntry, SeriesSummary } from '@warraq/contracts';
import { fmt, formatNumber, t } from '@/i18n';
import { formatChapterNumber } from '@/lib/format/format';
import { fetchFavorites, fetchLibrary } from '@/lib/api/profile';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { LoadError } from '@/ui/LoadState';
import { type PagedList, usePagedList } from './use-paged-list';

const text = t.profile;
const COVER_FALLBACK = '/images/cover-fallback.svg';

function Thumb({ series }: { series: SeriesSummary }) {
  return (
    <img
      src={series.thumbnail ?? series.cover_image ?? COVER_FALLBACK}
      alt=""
      width={56}
      height={78}
      loading="lazy"
      className="h-[78px] w-14 shrink-0 rounded object-cover"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(COVER_FALLBACK)) img.src = COVER_FALLBACK;
      }}
    />
  );
}

/** A paged list's frame: intro, items, the empty text, load errors and "load more". */
function ListFrame<T>({
  list,
  intro,
  empty,
  testId,
  render,
}: {
  list: PagedList<T>;
  intro: string;
  empty: ReactNode;
  testId: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="opacity-80">{intro}</p>
      {list.status === 'ready' && list.items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-6 text-center">
          {empty}
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid={testId}>
          {list.items.map(render)}
        </ul>
      )}
      {list.status === 'loading' && (
        <span className="loading loading-spinner loading-md self-center" aria-label={t.common.loading} />
      )}
      {list.status === 'error' && <LoadError message={text.listError} onRetry={list.retry} />}
      {list.status === 'ready' && list.hasMore && (
        <button type="button" className="btn btn-outline btn-sm self-center" onClick={list.loadMore}>
          {text.loadMore}
        </button>
      )}
    </div>
  );
}

function BrowseLink({ site, message }: { site: HrefContext; message: string }) {
  return (
    <>
      <p className="opacity-80">{message}</p>
      <a href={href('/series/manga', site)} className="btn btn-outline btn-sm">
        {text.browse}
      </a>
    </>
  );
}

/** The library tab: every series with reading progress, where the reader stopped, and a way back in. */
export function LibraryTab({ site }: { site: HrefContext }) {
  const list = usePagedList(fetchLibrary);
  return (
    <ListFrame<LibraryEntry>
      list={list}
      intro={text.libraryIntro}
      empty={<BrowseLink site={site} message={text.libraryEmpty} />}
      testId="library-list"
      render={(entry) => (
        <li
          key={entry.series.id}
          className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3"
        >
          <a href={href(seriesPath(entry.series.type, entry.series.slug), site)} className="shrink-0">
            <Thumb series={entry.series} />
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
    <ListFrame<SeriesSummary>
      list={list}
      intro={list.total ? fmt(text.favoritesCount, { count: formatNumber(list.total) }) : text.favoritesIntro}
      empty={<BrowseLink site={site} message={`${text.favoritesEmpty}. ${text.favoritesHint}`} />}
      testId="favorites-list"
      render={(series) => (
        <li key={series.id}>
          <a
            href={href(seriesPath(series.type, series.slug), site)}
            className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:border-primary"
          >
            <Thumb series={series} />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-semibold break-words" dir="auto">
                {series.title}
              </span>
              <span className="text-sm opacity-80">
                {series.latestChapterNumber === null
                  ? t.manga.noChapters
                  : fmt(t.manga.chapterShort, { n: formatChapterNumber(series.latestChapterNumber) })}
              </span>
            </span>
          </a>
        </li>
      )}
    />
  );
}
