import type { ReactNode } from 'react';
import type { SeriesSummary } from '@warraq/contracts';
import { fmt, t } from '@/i18n';
import { formatChapterNumber } from '@/lib/format/format';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { coverSrcset, showFallback } from '@/lib/content/cover-fallback';
import { LoadError } from './LoadState';
import type { PagedList } from './use-paged-list';

const COVER_FALLBACK = '/images/cover-fallback.svg';

/** A series' small cover in a list row, the fallback image when it has none or it fails. */
export function SeriesThumb({ series }: { series: SeriesSummary }) {
  return (
    <img
      src={series.thumbnail ?? series.cover_image ?? COVER_FALLBACK}
      srcSet={coverSrcset(series.coverRenditions)}
      sizes="56px"
      alt=""
      width={56}
      height={78}
      loading="lazy"
      className="h-[78px] w-14 shrink-0 rounded object-cover"
      onError={(event) => showFallback(event.currentTarget, COVER_FALLBACK)}
    />
  );
}

/** A paged list's frame: intro, items, the empty text, load errors and "load more". */
export function ListFrame<T>({
  list,
  intro,
  empty,
  testId,
  render,
}: {
  list: PagedList<T>;
  intro?: string;
  empty: ReactNode;
  testId: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {intro && <p className="opacity-80">{intro}</p>}
      {list.status === 'ready' && list.items.length === 0 && (
        <div
          className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-6 text-center"
          data-testid={`${testId}-empty`}
        >
          {empty}
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid={testId}>
          {list.items.map(render)}
        </ul>
      )}
      {list.status === 'loading' && (
        <span
          role="status"
          className="loading loading-spinner loading-md self-center"
          aria-label={t.common.loading}
        />
      )}
      {list.status === 'error' && <LoadError message={t.lists.error} onRetry={list.retry} />}
      {list.status === 'ready' && list.hasMore && (
        <button type="button" className="btn btn-outline btn-sm self-center" onClick={list.loadMore}>
          {t.lists.loadMore}
        </button>
      )}
    </div>
  );
}

/** An empty list's words and the way to find something to put in it. */
export function BrowseLink({ browseHref, message }: { browseHref: string; message: string }) {
  return (
    <>
      <p className="opacity-80">{message}</p>
      <a href={browseHref} className="btn btn-outline btn-sm">
        {t.lists.browse}
      </a>
    </>
  );
}

/** The reader's favourite series (the profile's tab, a reading site's /library tab), newest first. */
export function FavoritesList({
  list,
  site,
  intro,
  browseHref,
}: {
  list: PagedList<SeriesSummary>;
  site: HrefContext;
  intro: string;
  browseHref: string;
}) {
  return (
    <ListFrame<SeriesSummary>
      list={list}
      intro={intro}
      empty={
        <BrowseLink
          browseHref={browseHref}
          message={`${t.profile.favoritesEmpty}. ${t.profile.favoritesHint}`}
        />
      }
      testId="favorites-list"
      render={(series) => (
        <li key={series.id}>
          <a
            href={href(seriesPath(series.type, series.slug), site)}
            className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:border-primary"
          >
            <SeriesThumb series={series} />
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
