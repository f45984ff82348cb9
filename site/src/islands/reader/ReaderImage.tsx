import type { CSSProperties, MouseEvent } from 'react';
import type { ChapterPage } from '@warraq/contracts';
import { pageAvifSrcset, pageSizes, pageSrcset } from '@/lib/content/reader-screens';
import { fmt, t } from '@/i18n';

const PAGE_FALLBACK = '/images/page-missing.svg';

interface ReaderImageProps {
  item: ChapterPage;
  /** The screen (reading position) the image belongs to. */
  at: number;
  /**
   * `high`: the first screen the reader sees (the page's largest paint); `eager`: fetched now (the
   * screens just ahead, once the page has loaded); `lazy`: when scrolled near or turned to.
   */
  load: 'high' | 'eager' | 'lazy';
  paged: boolean;
  onTap?: ((event: MouseEvent<HTMLElement>) => void) | undefined;
}

/**
 * One page image as the server renders it: width and height (its box is reserved before it loads),
 * every stored width in `srcset` (a phone downloads the narrow copy), and its size decided by CSS
 * (`.reader-page` in global.css) so the reader's fit choice applies before any script runs. Once the
 * chapter has AVIF copies, a `<picture>` offers them first; it is `display: contents`, so the `<img>`
 * lays out exactly as it does alone.
 */
export function ReaderImage({ item, at, load, paged, onTap }: ReaderImageProps) {
  const { width, height } = item;
  const style = { '--page-width': `${width}px`, '--page-ratio': `${width} / ${height}` } as CSSProperties;
  const avif = pageAvifSrcset(item);
  const image = (
    <img
      src={item.url}
      srcSet={pageSrcset(item)}
      sizes={pageSizes}
      width={width}
      height={height}
      alt={fmt(t.reader.pageAlt, { n: at + 1 })}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={load === 'high' ? 'high' : 'auto'}
      decoding={load === 'high' ? 'auto' : 'async'}
      data-reader-page={at}
      style={style}
      className={`reader-page ${paged ? 'cursor-pointer select-none' : ''}`}
      onClick={onTap}
      onError={(event) => {
        const image = event.currentTarget;
        if (image.src.endsWith(PAGE_FALLBACK)) return;
        // A <source> would otherwise keep choosing the image that failed.
        image.parentElement?.querySelectorAll('source').forEach((source) => source.remove());
        image.srcset = '';
        image.src = PAGE_FALLBACK;
      }}
    />
  );
  if (!avif) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={pageSizes} />
      {image}
    </picture>
  );
}
