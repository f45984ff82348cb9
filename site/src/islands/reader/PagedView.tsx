import type { MouseEvent } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import type { ReaderAction } from '@/lib/content/reading-direction';
import type { ReaderScreen } from '@/lib/content/reader-screens';
import { fmt, t } from '@/i18n';
import { ReaderImage } from './ReaderImage';

interface PagedViewProps {
  mode: Exclude<ReadingMode, 'vertical'>;
  screens: readonly ReaderScreen[];
  page: number;
  onMove: (action: ReaderAction) => void;
  onTap: (event: MouseEvent<HTMLElement>) => void;
}

/** The paged modes: one screen at a time, its number, and the page buttons in reading direction. */
export function PagedView({ mode, screens, page, onMove, onTap }: PagedViewProps) {
  const screen = screens[page];
  return (
    <>
      <p className="mb-2 text-sm" aria-live="polite" data-testid="reader-page">
        {fmt(t.reader.pageOf, { page: page + 1, total: screens.length })}
      </p>
      {screen?.images.map((item, slice) => (
        <ReaderImage
          key={item.url}
          item={item}
          at={page}
          eager={screen.start + slice < 2}
          paged
          slice={screen.images.length > 1}
          onTap={onTap}
        />
      ))}
      <div className="mt-3 flex gap-2" dir={mode === 'paged-rtl' ? 'rtl' : 'ltr'}>
        <button type="button" className="btn btn-sm" onClick={() => onMove('prev')}>
          {t.reader.prevPage}
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => onMove('next')}>
          {t.reader.nextPage}
        </button>
      </div>
    </>
  );
}
