import { useEffect, useRef } from 'react';
import { CONTENT_ROUTES, type ChapterReader as Chapter } from '@warraq/contracts';
import { api } from '@/lib/api/client';
import { formatChapterNumber } from '@/lib/content/chapter-groups';
import type { ReaderScreen } from '@/lib/content/reader-screens';

const PREFETCH_AHEAD = 2;
const NEXT_CHAPTER_PREFETCH = 3;

function preload(url: string) {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}

/**
 * Fetches ahead: the next screens while paging, and the next chapter's first pages once the reader
 * nears the end of this one (so a view is rarely counted for a chapter not read).
 */
export function useReaderPrefetch(
  chapter: Chapter,
  screens: readonly ReaderScreen[],
  page: number,
  paged: boolean,
) {
  const pageCount = chapter.pages.length;
  const last = screens.length - 1;

  useEffect(() => {
    if (!paged) return;
    for (const next of screens.slice(page + 1, page + 1 + PREFETCH_AHEAD)) {
      for (const image of next.images) preload(image.url);
    }
  }, [paged, page, screens]);

  // `Purpose: prefetch` marks the call as not a read.
  const prefetched = useRef(false);
  useEffect(() => {
    const next = chapter.nextChapter;
    if (!next || prefetched.current || pageCount === 0 || page < last - 1) return;
    prefetched.current = true;
    const params = { slug: chapter.mangaSlug, chapterNumber: formatChapterNumber(next.chapterNumber) };
    api(CONTENT_ROUTES.chapter, { params }, { prefetch: true })
      .then(({ data }) => {
        for (const item of data.pages.slice(0, NEXT_CHAPTER_PREFETCH)) preload(item.url);
      })
      .catch(() => undefined);
  }, [chapter.nextChapter, chapter.mangaSlug, page, last, pageCount]);
}
