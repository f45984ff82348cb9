import type { ChapterPage } from '@warraq/contracts';

/** One reading position: an uploaded page, possibly stored as several slices of a tall strip. */
export interface ReaderScreen {
  /** Position of the first image of this screen in the chapter's flat page list. */
  start: number;
  images: ChapterPage[];
}

/**
 * Groups consecutive images of one uploaded page (same `source`) into one screen, so the paged
 * modes turn a whole strip at once and count pages as the uploader did.
 */
export function readerScreens(pages: readonly ChapterPage[]): ReaderScreen[] {
  const screens: ReaderScreen[] = [];
  pages.forEach((image, index) => {
    const current = screens.at(-1);
    if (current && current.images[0]?.source === image.source) current.images.push(image);
    else screens.push({ start: index, images: [image] });
  });
  return screens;
}

/** The `srcset` of a page image: every stored width (the narrow copies and the page itself). */
export function pageSrcset(page: ChapterPage): string {
  return srcsetOf(page.renditions);
}

/** The `srcset` of the page's AVIF source, or null while it has no AVIF copy (`<img>` alone then). */
export function pageAvifSrcset(page: ChapterPage): string | null {
  return page.avif.length > 0 ? srcsetOf(page.avif) : null;
}

function srcsetOf(list: ChapterPage['renditions']): string {
  return list.map((r) => `${r.url} ${r.width}w`).join(', ');
}

/**
 * The width a page is shown at: the reader's column (max-w-5xl, inside the page's padding). Fitted to
 * the screen's height a page may show narrower, never wider, so the copy chosen is never too small.
 */
export const pageSizes = '(min-width: 1072px) 1024px, calc(100vw - 1.5rem)';
