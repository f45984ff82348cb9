import type { MouseEvent } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import type { ReaderAction } from '@/lib/content/reading-direction';
import type { ReaderScreen } from '@/lib/content/reader-screens';
import { fmt, t } from '@/i18n';
import { ReaderImage } from './ReaderImage';

/** Screens fetched ahead of the one shown, once the page itself has loaded. */
const PREFETCH_AHEAD = 2;

interface PagedViewProps {
  mode: Exclude<ReadingMode, 'vertical'>;
  screens: readonly ReaderScreen[];
  page: number;
  /** The screen the page opened on: its images are the ones fetched first, at high priority. */
  openedAt: number;
  /** Whether the page has loaded (before, nothing but the screen shown is fetched). */
  loaded: boolean;
  /** Where the page buttons lead without JavaScript (`?page=`, or the neighbouring chapter). */
  hrefFor: (action: ReaderAction) => string | null;
  onMove: (action: ReaderAction) => void;
  onTap: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * The paged modes. Every screen is in the HTML (only the one shown is visible), so the chapter reads
 * before any script runs: the page buttons are links to `?page=`, which the island turns into in-place
 * page turns once hydrated. The stage fits the screen (page and buttons without scrolling) unless the
 * reader chose fit-width or original size, or the screen is a tall strip.
 */
export function PagedView({ mode, screens, page, openedAt, loaded, hrefFor, onMove, onTap }: PagedViewProps) {
  const strip = (screens[page]?.images.length ?? 0) > 1;
  const button = (action: ReaderAction, label: string, primary: boolean) => {
    const target = hrefFor(action);
    const className = `btn btn-sm ${primary ? 'btn-primary' : ''}`;
    return target ? (
      <a
        href={target}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          onMove(action);
        }}
      >
        {label}
      </a>
    ) : (
      <button type="button" className={className} disabled>
        {label}
      </button>
    );
  };
  return (
    <div className="reader-stage flex w-full flex-col items-center" data-strip={strip || undefined}>
      <div className="reader-pages flex w-full min-h-0 flex-1 flex-col items-center">
        {screens.map((screen, at) => {
          const load =
            at === openedAt ? 'high' : loaded && at > page && at <= page + PREFETCH_AHEAD ? 'eager' : 'lazy';
          return (
            <div
              key={screen.start}
              className="reader-screen flex w-full flex-col items-center"
              hidden={at !== page}
            >
              {screen.images.map((item) => (
                <ReaderImage key={item.url} item={item} at={at} load={load} paged onTap={onTap} />
              ))}
            </div>
          );
        })}
      </div>
      <div className="mt-2 flex shrink-0 items-center gap-3" dir={mode === 'paged-rtl' ? 'rtl' : 'ltr'}>
        {button('prev', t.reader.prevPage, false)}
        <p className="text-sm" aria-live="polite" data-testid="reader-page" dir="rtl">
          {fmt(t.reader.pageOf, { page: page + 1, total: screens.length })}
        </p>
        {button('next', t.reader.nextPage, true)}
      </div>
    </div>
  );
}
