import { useEffect, useRef } from 'react';
import type { ChapterPage } from '@warraq/contracts';
import type { PickerlessChapter as Chapter } from '@/lib/content/chapter-picker';
import { formatChapterNumber } from '@/lib/content/chapter-groups';
import { pageSizes, pageSrcset } from '@/lib/content/reader-screens';

const NEXT_CHAPTER_PREFETCH = 3;

/** Fetches the copy of a page that its `<img>` will pick (same srcset and sizes), into the cache. */
function preload(page: ChapterPage) {
  const image = new Image();
  image.decoding = 'async';
  image.sizes = pageSizes;
  image.srcset = pageSrcset(page);
  image.src = page.url;
}

/**
 * Fetches the next chapter's first pages once the reader nears the end of this one (so a view is
 * rarely counted for a chapter not read). The screens ahead in this chapter are the paged view's own
 * `<img>`s, switched to eager loading.
 */
export function useReaderPrefetch(chapter: Chapter, last: number, page: number) {
  const pageCount = chapter.pages.length;
  // `Purpose: prefetch` marks the call as not a read.
  const prefetched = useRef(false);
  useEffect(() => {
    const next = chapter.nextChapter;
    if (!next || prefetched.current || pageCount === 0 || page < last - 1) return;
    prefetched.current = true;
    const params = { slug: chapter.mangaSlug, chapterNumber: formatChapterNumber(next.chapterNumber) };
    // The API client is loaded here, near the chapter's end, not with the page.
    Promise.all([import('@/lib/api/client'), import('@warraq/contracts')])
      .then(([{ api }, { CONTENT_ROUTES }]) => api(CONTENT_ROUTES.chapter, { params }, { prefetch: true }))
      .then(({ data }) => {
        for (const item of data.pages.slice(0, NEXT_CHAPTER_PREFETCH)) preload(item);
      })
      .catch(() => undefined);
  }, [chapter.nextChapter, chapter.mangaSlug, page, last, pageCount]);
}
