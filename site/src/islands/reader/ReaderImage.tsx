import type { MouseEvent } from 'react';
import type { ChapterPage } from '@warraq/contracts';
import { fmt, t } from '@/i18n';

const PAGE_FALLBACK = '/images/page-missing.svg';

interface ReaderImageProps {
  item: ChapterPage;
  /** The screen (reading position) the image belongs to. */
  at: number;
  /** Among the chapter's first two images: fetched at once, not when scrolled near. */
  eager: boolean;
  paged: boolean;
  /** One of several slices of a tall strip. */
  slice: boolean;
  onTap?: ((event: MouseEvent<HTMLElement>) => void) | undefined;
}

/**
 * One page image, its box sized before it loads. Paged, a page fits the screen's height; a strip's
 * slices stack at full width even when paged, as fitting each to the screen would split the strip.
 */
export function ReaderImage({ item, at, eager, paged, slice, onTap }: ReaderImageProps) {
  const { width, height } = item;
  const style =
    paged && !slice
      ? { aspectRatio: `${width} / ${height}`, width: `min(100%, calc(82dvh * ${width / height}))` }
      : { aspectRatio: `${width} / ${height}`, width: '100%', maxWidth: `${width}px` };
  return (
    <img
      src={item.url}
      width={width}
      height={height}
      alt={fmt(t.reader.pageAlt, { n: at + 1 })}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-reader-page={at}
      style={style}
      className={`block h-auto bg-base-200 object-contain ${paged ? 'cursor-pointer select-none' : ''}`}
      onClick={onTap}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PAGE_FALLBACK)) event.currentTarget.src = PAGE_FALLBACK;
      }}
    />
  );
}
