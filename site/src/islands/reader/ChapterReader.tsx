import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { READING_MODES, type ReadingMode } from '@warraq/contracts/browser';
import { ownChapterTitle, variantLabel } from '@/lib/content/chapter-groups';
import { allChaptersHref, type ChapterPicker, type PickerlessChapter } from '@/lib/content/chapter-picker';
import type { ReaderAction } from '@/lib/content/reading-direction';
import { readerScreens } from '@/lib/content/reader-screens';
import { releaseIsland } from '@/lib/astro/held-island';
import { href, type HrefContext } from '@/lib/site/href';
import { chapterPath, seriesPath } from '@/lib/site/manga-links';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { formatChapterNumber, formatDate } from '@/lib/format/format';
import { ChapterReactions } from './ChapterReactions';
import { PagedView } from './PagedView';
import { applyReaderFit, currentReaderFit, READER_FITS, type ReaderFit } from './reader-fit-store';
import { storeReadingMode } from './reading-mode-store';
import { ScrollTopButton } from './ScrollTopButton';
import { VerticalView } from './VerticalView';
import { useReaderNavigation } from './use-reader-navigation';
import { useReaderPrefetch } from './use-reader-prefetch';
import { useReadingMode } from './use-reading-mode';
import { useReadingProgress } from './use-reading-progress';

// Fetched when used: only staff ever load the moderation controls.
const ReaderModeration = lazy(() => import('./ReaderModeration'));

export interface ChapterReaderProps {
  chapter: PickerlessChapter;
  /** The chapters the picker offers (lib/content/chapter-picker.ts). */
  picker: ChapterPicker;
  site: HrefContext;
  signedIn: boolean;
  /** Staff (moderator, admin): the accept / reject / delete buttons (the server checks again). */
  canModerate: boolean;
  /** The mode to start in: the user's saved one, else the type's default. */
  initialMode: ReadingMode;
  /** Whether `initialMode` came from the user's saved choice (guests: read this browser's). */
  modeSaved: boolean;
  initialPage: number;
  isLiked: boolean;
  isFavorite: boolean;
}

/** Spec §2 Chapter reader: header, chapter navigation, like/favourite/share, pages in three modes. */
export default function ChapterReader(props: ChapterReaderProps) {
  const { chapter, picker, site, signedIn } = props;
  const pages = chapter.pages;
  // `page` counts screens: an uploaded page, whose tall strip may be stored as several slices.
  const screens = useMemo(() => readerScreens(pages), [pages]);
  const last = screens.length - 1;
  // A signed-in user's mode came from the server; a guest's may be remembered by this browser.
  const [mode, setMode] = useReadingMode(props.initialMode, chapter.mangaId, signedIn || props.modeSaved);
  const [openedAt] = useState(Math.min(Math.max(0, props.initialPage), Math.max(0, last)));
  const [page, setPage] = useState(openedAt);
  const [fit, setFit] = useState<ReaderFit>('height');
  const [loaded, setLoaded] = useState(false);
  const [moderationStatus, setModerationStatus] = useState(chapter.moderationStatus);
  const topRef = useRef<HTMLDivElement>(null);
  // The stored mode was applied by the layout effect above, in this same commit, before any paint.
  useLayoutEffect(() => releaseIsland(), []);
  const link = (path: string) => href(path, site);
  const chapterHref = (n: number) => link(chapterPath(chapter.mangaType, chapter.mangaSlug, n));
  const nextHref = chapter.nextChapter ? chapterHref(chapter.nextChapter.chapterNumber) : null;
  const prevHref = chapter.prevChapter ? chapterHref(chapter.prevChapter.chapterNumber) : null;
  const paged = mode !== 'vertical';

  const { move, handleTap, handleTouchStart, handleTouchEnd } = useReaderNavigation({
    mode,
    page,
    last,
    hasPages: pages.length > 0,
    nextHref,
    prevHref,
    setPage,
    topRef,
  });
  useReaderPrefetch(chapter, last, page);
  const saveProgress = useReadingProgress(chapter, signedIn, page, mode);

  useEffect(() => {
    setFit(currentReaderFit());
    // Pages ahead are fetched only once the page itself has loaded: the first screen comes first.
    if (document.readyState === 'complete') setLoaded(true);
    else window.addEventListener('load', () => setLoaded(true), { once: true });
  }, []);

  function handleFit(next: ReaderFit) {
    setFit(next);
    applyReaderFit(next);
  }

  /** Where a page button leads as a plain link (before hydration, or without JavaScript). */
  function pageHref(action: ReaderAction): string | null {
    const target = action === 'next' ? page + 1 : page - 1;
    if (target < 0) return prevHref;
    if (target > last) return nextHref;
    const here = link(
      chapterPath(
        chapter.mangaType,
        chapter.mangaSlug,
        chapter.chapterNumber,
        chapter.variants.length > 1 ? chapter.id : undefined,
      ),
    );
    return `${here}${here.includes('?') ? '&' : '?'}page=${target}`;
  }

  // A reader's saved mode is kept by this browser too: a chapter is a public document, rendered in the
  // default mode, and with the mode stored here the next one opens in the reader's own (client:painted
  // hydrates at once) instead of switching, and jumping, when the page state answers.
  const savedMode = props.modeSaved ? props.initialMode : null;
  useEffect(() => {
    if (savedMode) storeReadingMode(chapter.mangaId, savedMode);
  }, [chapter.mangaId, savedMode]);

  function handleMode(next: ReadingMode) {
    setMode(next);
    if (signedIn) saveProgress(page, next);
    storeReadingMode(chapter.mangaId, next);
  }

  const number = formatChapterNumber(chapter.chapterNumber);
  const ownTitle = ownChapterTitle(chapter.title, chapter.chapterNumber);
  const navButton = (target: string | null, label: string, rel: 'prev' | 'next') =>
    target ? (
      <a href={target} rel={rel} className="btn btn-sm">
        {label}
      </a>
    ) : (
      <button type="button" className="btn btn-sm" disabled>
        {label}
      </button>
    );
  const chapterNav = (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {navButton(prevHref, t.reader.previousChapter, 'prev')}
      <select
        className="select select-sm w-auto"
        aria-label={t.reader.chapterPicker}
        value={chapter.chapterNumber}
        onChange={(event) => window.location.assign(chapterHref(Number(event.target.value)))}
      >
        {picker.numbers.map((n) => (
          <option key={n} value={n}>
            {fmt(t.reader.chapterOption, { n: formatChapterNumber(n) })}
          </option>
        ))}
      </select>
      {navButton(nextHref, t.reader.nextChapter, 'next')}
      {picker.numbers.length < picker.total && (
        <a
          href={allChaptersHref(link(seriesPath(chapter.mangaType, chapter.mangaSlug)))}
          className="btn btn-ghost btn-sm"
        >
          {fmt(t.reader.allChapters, { n: formatNumber(picker.total) })}
        </a>
      )}
    </div>
  );
  const meta = [
    chapter.group ? fmt(t.reader.group, { group: chapter.group }) : null,
    chapter.translator ? fmt(t.reader.translator, { translator: chapter.translator }) : null,
    chapter.publishedTime ? fmt(t.reader.published, { date: formatDate(chapter.publishedTime) }) : null,
    fmtCount(t.reader.views, chapter.views),
  ].filter((item): item is string => item !== null);
  return (
    <div className="flex flex-col gap-3" ref={topRef} data-reading-mode={mode}>
      <h1 className="truncate text-lg font-bold">
        <span dir="auto">{chapter.mangaTitle}</span> — {fmt(t.reader.chapterOption, { n: number })}
        {ownTitle && (
          <span className="font-normal text-base-content/70">
            {' '}
            · <bdi>{ownTitle}</bdi>
          </span>
        )}
      </h1>
      {pages.length === 0 ? (
        <p role="alert" className="alert alert-warning">
          {t.reader.noImages}
        </p>
      ) : (
        <section
          aria-label={fmt(t.reader.pageOf, { page: page + 1, total: screens.length })}
          className="flex flex-col items-center"
          onTouchStart={handleTouchStart}
          onTouchEnd={handleTouchEnd}
        >
          {mode === 'vertical' ? (
            <VerticalView screens={screens} onPage={setPage} />
          ) : (
            <PagedView
              mode={mode}
              screens={screens}
              page={page}
              openedAt={openedAt}
              loaded={loaded}
              hrefFor={pageHref}
              onMove={move}
              onTap={handleTap}
            />
          )}
        </section>
      )}

      <header className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3">
        <div className="flex flex-wrap items-center gap-2">
          <a href={link(seriesPath(chapter.mangaType, chapter.mangaSlug))} className="btn btn-ghost btn-sm">
            {t.reader.backToSeries}
          </a>
          {moderationStatus === 'pending' && <span className="badge badge-warning">{t.reader.pending}</span>}
        </div>
        {props.canModerate && (
          <Suspense>
            <ReaderModeration
              target={{
                id: chapter.id,
                contentType: 'chapter',
                title: fmt(t.reader.title, { series: chapter.mangaTitle, n: number }),
                status: moderationStatus,
              }}
              seriesHref={link(seriesPath(chapter.mangaType, chapter.mangaSlug))}
              onStatus={setModerationStatus}
            />
          </Suspense>
        )}
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/70">
          {meta.map((item) => (
            <span key={item} dir="auto">
              {item}
            </span>
          ))}
        </p>
        <ChapterReactions
          contentId={chapter.mangaId}
          chapterId={chapter.id}
          likes={chapter.likes}
          signedIn={signedIn}
          isLiked={props.isLiked}
          isFavorite={props.isFavorite}
        >
          <label className="ms-auto flex items-center gap-2 text-sm">
            <span className="font-semibold">{t.reader.mode}</span>
            <select
              className="select select-sm w-auto"
              value={mode}
              onChange={(event) => {
                handleMode(event.target.value as ReadingMode);
                // Hand the arrow keys back to the reader.
                event.target.blur();
              }}
            >
              {READING_MODES.map((item) => (
                <option key={item} value={item}>
                  {t.reader.modes[item]}
                </option>
              ))}
            </select>
          </label>
          {paged && (
            <label className="flex items-center gap-2 text-sm">
              <span className="font-semibold">{t.reader.fit}</span>
              <select
                className="select select-sm w-auto"
                value={fit}
                onChange={(event) => {
                  handleFit(event.target.value as ReaderFit);
                  event.target.blur();
                }}
              >
                {READER_FITS.map((item) => (
                  <option key={item} value={item}>
                    {t.reader.fits[item]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </ChapterReactions>
        {chapter.variants.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="font-semibold">{t.reader.variantPicker}</span>
            <select
              className="select select-sm w-auto"
              value={chapter.id}
              onChange={(event) =>
                window.location.assign(
                  link(
                    chapterPath(
                      chapter.mangaType,
                      chapter.mangaSlug,
                      chapter.chapterNumber,
                      Number(event.target.value),
                    ),
                  ),
                )
              }
            >
              {chapter.variants.map((variant) => (
                <option key={variant.id} value={variant.id}>
                  {variantLabel(variant)}
                </option>
              ))}
            </select>
          </label>
        )}
        {chapterNav}
      </header>
      {!chapter.nextChapter && (
        <p className="text-center text-sm text-base-content/70">{t.reader.endOfSeries}</p>
      )}
      <ScrollTopButton />
    </div>
  );
}
