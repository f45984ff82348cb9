import { useCallback, useEffect, useRef } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import type { PickerlessChapter as Chapter } from '@/lib/content/chapter-picker';

const PROGRESS_DELAY_MS = 1500;

type ContentCalls = typeof import('@/lib/api/content');
let loadedCalls: ContentCalls | null = null;
function loadContentCalls(): Promise<ContentCalls> {
  return import('@/lib/api/content').then((calls) => (loadedCalls = calls));
}

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
      const body = { contentId: chapter.mangaId, chapterId: chapter.id, page: atPage, readingMode: atMode };
      const send = (calls: ContentCalls) =>
        calls.saveProgress(body).catch(() => {
          saved.current = null;
        });
      // On leaving there is no time to load the module: it is loaded already (see below).
      if (loadedCalls) void send(loadedCalls);
      else void loadContentCalls().then(send);
    },
    [signedIn, chapter.mangaId, chapter.id],
  );

  // Signed in, the API client is loaded once the page is up (guests never need it here).
  useEffect(() => {
    if (signedIn) void loadContentCalls();
  }, [signedIn]);

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
