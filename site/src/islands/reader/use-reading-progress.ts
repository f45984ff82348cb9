import { useCallback, useEffect, useRef } from 'react';
import type { ChapterReader as Chapter, ReadingMode } from '@warraq/contracts';
import { saveProgress } from '@/lib/api/content';

const PROGRESS_DELAY_MS = 1500;

/**
 * Progress (chapter + page + mode) for signed-in readers: a moment after it settles, or at once when
 * the reader leaves (keepalive lets it outlive the page). Returns `save` for a change that must not
 * wait (a new mode). The same position is never sent twice in a row.
 */
export function useReadingProgress(chapter: Chapter, signedIn: boolean, page: number, mode: ReadingMode) {
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

  return save;
}
