import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import { READING_MODES, type ChapterReader as Chapter, type ReadingMode } from '@warraq/contracts';
import { favoriteSeries, likeChapter, saveProgress } from '@/lib/api/content';
import { formatChapterNumber } from '@/lib/content/chapter-groups';
import { flipped, runOptimisticToggle } from '@/lib/content/optimistic-toggle';
import { readerScreens } from '@/lib/content/reader-screens';
import { keyToAction, swipeToAction, tapToAction, type ReaderAction } from '@/lib/content/reading-direction';
import { href, type HrefContext } from '@/lib/site/href';
import { chapterPath, seriesPath } from '@/lib/site/manga-links';
import { showToast } from '@/stores/toasts';
import { fmt, t } from '@/i18n';
import { ReaderModeration } from './ReaderModeration';
import { storeReadingMode, storedReadingMode } from './reading-mode-store';

export interface ChapterReaderProps {
  chapter: Chapter;
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

const PAGE_FALLBACK = '/images/page-missing.svg';
const SCROLL_TOP_AFTER_PX = 300;
const PREFETCH_AHEAD = 2;
const NEXT_CHAPTER_PREFETCH = 3;
const PROGRESS_DELAY_MS = 1500;
const numberFormat = new Intl.NumberFormat('ar-SA');
const dateFormat = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium' });

function preload(url: string) {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}

/** Spec §2 Chapter reader: header, chapter navigation, like/favourite/share, pages in three modes. */
export default function ChapterReader(props: ChapterReaderProps) {
  const { chapter, site, signedIn } = props;
  const pages = chapter.pages;
  // `page` counts screens: an uploaded page, whose tall strip may be stored as several slices.
  const screens = useMemo(() => readerScreens(pages), [pages]);
  const last = screens.length - 1;
  const [mode, setMode] = useState<ReadingMode>(props.initialMode);
  const [page, setPage] = useState(Math.min(Math.max(0, props.initialPage), Math.max(0, last)));
  const [like, setLike] = useState({ on: props.isLiked, count: chapter.likes });
  const [favorite, setFavorite] = useState(props.isFavorite);
  const [moderationStatus, setModerationStatus] = useState(chapter.moderationStatus);
  const [busy, setBusy] = useState(false);
  const [showTop, setShowTop] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const link = (path: string) => href(path, site);
  const chapterHref = (n: number) => link(chapterPath(chapter.mangaSlug, n));
  const nextHref = chapter.nextChapter ? chapterHref(chapter.nextChapter.chapterNumber) : null;
  const prevHref = chapter.prevChapter ? chapterHref(chapter.prevChapter.chapterNumber) : null;
  const paged = mode !== 'vertical';

  // A guest's remembered mode (a signed-in user's came from the server).
  useEffect(() => {
    if (signedIn || props.modeSaved) return;
    const stored = storedReadingMode(chapter.mangaId);
    if (stored) setMode(stored);
  }, [signedIn, props.modeSaved, chapter.mangaId]);

  const move = useCallback(
    (action: ReaderAction) => {
      if (mode === 'vertical' || pages.length === 0) {
        const target = action === 'next' ? nextHref : prevHref;
        if (target) window.location.assign(target);
        return;
      }
      if (action === 'next') {
        if (page < last) setPage(page + 1);
        else if (nextHref) window.location.assign(nextHref);
      } else if (page > 0) setPage(page - 1);
      else if (prevHref) window.location.assign(prevHref);
    },
    [mode, page, last, pages.length, nextHref, prevHref],
  );

  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
      const action = keyToAction(event.key, mode);
      if (!action) return;
      event.preventDefault();
      move(action);
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [mode, move]);

  // Paged: bring the page into view on turn, and fetch the next pages ahead.
  useEffect(() => {
    if (!paged) return;
    for (const next of screens.slice(page + 1, page + 1 + PREFETCH_AHEAD)) {
      for (const image of next.images) preload(image.url);
    }
  }, [paged, page, screens]);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (paged) topRef.current?.scrollIntoView({ block: 'start' });
  }, [paged, page]);

  // The next chapter's first pages, once the reader nears the end of this one (so a view is
  // rarely counted for a chapter not read). `Purpose: prefetch` marks the call as not a read.
  const prefetched = useRef(false);
  useEffect(() => {
    const next = chapter.nextChapter;
    if (!next || prefetched.current || pages.length === 0 || page < last - 1) return;
    prefetched.current = true;
    const url = `/api/series/manga/${encodeURIComponent(chapter.mangaSlug)}/${formatChapterNumber(next.chapterNumber)}`;
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json', Purpose: 'prefetch' } })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((body) => {
        const data = (body as { data?: { pages?: { url?: unknown }[] } } | null)?.data;
        for (const item of (data?.pages ?? []).slice(0, NEXT_CHAPTER_PREFETCH)) {
          if (typeof item.url === 'string') preload(item.url);
        }
      })
      .catch(() => undefined);
  }, [chapter.nextChapter, chapter.mangaSlug, page, last, pages.length]);

  // Progress (chapter + page + mode) for signed-in readers: a moment after it settles, or at
  // once when the reader leaves or changes mode (keepalive lets it outlive the page).
  const saved = useRef<string | null>(null);
  const save = useCallback(
    (atPage: number, atMode: ReadingMode) => {
      const key = `${atPage}:${atMode}`;
      if (!signedIn || saved.current === key) return;
      saved.current = key;
      saveProgress({
        contentId: chapter.mangaId,
        chapterId: chapter.id,
        page: atPage,
        readingMode: atMode,
      }).catch(() => {
        saved.current = null;
      });
    },
    [signedIn, chapter.mangaId, chapter.id],
  );
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => save(page, mode), PROGRESS_DELAY_MS);
    const handleLeave = () => save(page, mode);
    window.addEventListener('pagehide', handleLeave);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', handleLeave);
    };
  }, [signedIn, save, page, mode]);

  // Vertical: the page in view is the reading position.
  useEffect(() => {
    if (paged || pages.length === 0) return;
    const images = document.querySelectorAll<HTMLElement>('[data-reader-page]');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setPage(Number((entry.target as HTMLElement).dataset.readerPage));
        }
      },
      { threshold: 0.5 },
    );
    images.forEach((image) => observer.observe(image));
    return () => observer.disconnect();
  }, [paged, pages.length]);

  useEffect(() => {
    const handleScroll = () => setShowTop(window.scrollY > SCROLL_TOP_AFTER_PX);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);

  function handleMode(next: ReadingMode) {
    setMode(next);
    if (signedIn) save(page, next);
    else storeReadingMode(chapter.mangaId, next);
  }

  function handleLike() {
    return runOptimisticToggle({
      signedIn,
      loginMessage: t.reader.loginToLike,
      current: like,
      optimistic: flipped(like),
      set: setLike,
      setBusy,
      request: () => likeChapter(chapter.mangaId, chapter.id, !like.on),
      settle: (answer) => ({ on: answer.isLiked, count: answer.likes }),
    });
  }

  function handleFavorite() {
    return runOptimisticToggle({
      signedIn,
      loginMessage: t.series.loginToFavorite,
      current: favorite,
      optimistic: !favorite,
      set: setFavorite,
      setBusy,
      request: () => favoriteSeries(chapter.mangaId, !favorite),
      settle: (answer) => answer.isFavorite,
    });
  }

  async function handleShare() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      showToast({ title: t.reader.shared });
    } catch {
      showToast({ title: t.reader.shareFailed, description: window.location.href, variant: 'destructive' });
    }
  }

  function handleTap(event: MouseEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const action = tapToAction((event.clientX - box.left) / box.width, mode);
    if (action) move(action);
  }
  function handleTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  function handleTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const action = swipeToAction(touch.clientX - start.x, touch.clientY - start.y, mode);
    if (action) move(action);
  }

  const number = formatChapterNumber(chapter.chapterNumber);
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
        {chapter.chapterNumbers.map((n) => (
          <option key={n} value={n}>
            {fmt(t.reader.chapterOption, { n: formatChapterNumber(n) })}
          </option>
        ))}
      </select>
      {navButton(nextHref, t.reader.nextChapter, 'next')}
    </div>
  );
  const meta = [
    chapter.group ? fmt(t.reader.group, { group: chapter.group }) : null,
    chapter.translator ? fmt(t.reader.translator, { translator: chapter.translator }) : null,
    chapter.publishedTime
      ? fmt(t.reader.published, { date: dateFormat.format(new Date(chapter.publishedTime)) })
      : null,
    fmt(t.reader.views, { count: numberFormat.format(chapter.views) }),
  ].filter((item): item is string => item !== null);
  // A strip's slices stack at full width even when paged: fitting each to the screen would split it.
  const pageStyle = (width: number, height: number, slice: boolean) =>
    paged && !slice
      ? { aspectRatio: `${width} / ${height}`, width: `min(100%, calc(82dvh * ${width / height}))` }
      : { aspectRatio: `${width} / ${height}`, width: '100%', maxWidth: `${width}px` };
  const shownScreens = paged ? screens.slice(page, page + 1) : screens;
  const sliced = (screen: { images: unknown[] }) => screen.images.length > 1;

  return (
    <div className="flex flex-col gap-4" ref={topRef} data-reading-mode={mode}>
      <header className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3">
        <div className="flex flex-wrap items-center gap-2">
          <a href={link(seriesPath(chapter.mangaSlug))} className="btn btn-ghost btn-sm">
            {t.reader.backToSeries}
          </a>
          {moderationStatus === 'pending' && <span className="badge badge-warning">{t.reader.pending}</span>}
        </div>
        {props.canModerate && (
          <ReaderModeration
            target={{
              id: chapter.id,
              contentType: 'chapter',
              title: fmt(t.reader.title, { series: chapter.mangaTitle, n: number }),
              status: moderationStatus,
            }}
            seriesHref={link(seriesPath(chapter.mangaSlug))}
            onStatus={setModerationStatus}
          />
        )}
        <h1 className="text-xl font-bold">
          <span dir="auto">{chapter.mangaTitle}</span> — {fmt(t.reader.chapterOption, { n: number })}
          {chapter.title && (
            <span className="block text-base font-normal text-base-content/70" dir="auto">
              {chapter.title}
            </span>
          )}
        </h1>
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/70">
          {meta.map((item) => (
            <span key={item} dir="auto">
              {item}
            </span>
          ))}
          <span data-testid="chapter-likes">
            {fmt(t.reader.likes, { count: numberFormat.format(like.count) })}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={`btn btn-sm ${like.on ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={like.on}
            disabled={busy}
            onClick={handleLike}
          >
            <span aria-hidden="true">{like.on ? '♥' : '♡'}</span>
            {like.on ? t.reader.liked : t.reader.like}
          </button>
          <button
            type="button"
            className={`btn btn-sm ${favorite ? 'btn-secondary' : 'btn-outline'}`}
            aria-pressed={favorite}
            disabled={busy}
            onClick={handleFavorite}
          >
            {favorite ? t.reader.favorited : t.reader.favorite}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={handleShare}>
            {t.reader.share}
          </button>
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
        </div>
        {chapter.variants.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="font-semibold">{t.reader.variantPicker}</span>
            <select
              className="select select-sm w-auto"
              value={chapter.id}
              onChange={(event) =>
                window.location.assign(
                  link(chapterPath(chapter.mangaSlug, chapter.chapterNumber, Number(event.target.value))),
                )
              }
            >
              {chapter.variants.map((variant) => (
                <option key={variant.id} value={variant.id}>
                  {[variant.language, variant.group ?? variant.translator].filter(Boolean).join(' · ')}
                </option>
              ))}
            </select>
          </label>
        )}
        {chapterNav}
      </header>

      {chapter.body ? (
        <div className="mx-auto w-full max-w-3xl text-lg leading-loose whitespace-pre-line" dir="auto">
          {chapter.body}
        </div>
      ) : pages.length === 0 ? (
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
          {paged && (
            <p className="mb-2 text-sm" aria-live="polite" data-testid="reader-page">
              {fmt(t.reader.pageOf, { page: page + 1, total: screens.length })}
            </p>
          )}
          {shownScreens.map((screen, screenIndex) =>
            screen.images.map((item, slice) => {
              const at = paged ? page : screenIndex;
              return (
                <img
                  key={item.url}
                  src={item.url}
                  width={item.width}
                  height={item.height}
                  alt={fmt(t.reader.pageAlt, { n: at + 1 })}
                  loading={screen.start + slice < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                  data-reader-page={at}
                  style={pageStyle(item.width, item.height, sliced(screen))}
                  className={`block h-auto bg-base-200 object-contain ${paged ? 'cursor-pointer select-none' : ''}`}
                  onClick={paged ? handleTap : undefined}
                  onError={(event) => {
                    if (!event.currentTarget.src.endsWith(PAGE_FALLBACK))
                      event.currentTarget.src = PAGE_FALLBACK;
                  }}
                />
              );
            }),
          )}
          {paged && (
            <div className="mt-3 flex gap-2" dir={mode === 'paged-rtl' ? 'rtl' : 'ltr'}>
              <button type="button" className="btn btn-sm" onClick={() => move('prev')}>
                {t.reader.prevPage}
              </button>
              <button type="button" className="btn btn-sm btn-primary" onClick={() => move('next')}>
                {t.reader.nextPage}
              </button>
            </div>
          )}
        </section>
      )}

      {!chapter.nextChapter && (
        <p className="text-center text-sm text-base-content/70">{t.reader.endOfSeries}</p>
      )}
      {chapterNav}

      {showTop && (
        <button
          type="button"
          className="btn btn-circle btn-primary fixed end-4 bottom-4 z-30 shadow-lg"
          aria-label={t.reader.scrollTop}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <span aria-hidden="true">↑</span>
        </button>
      )}
    </div>
  );
}
