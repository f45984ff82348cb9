import { useCallback, useEffect, useRef, type MouseEvent, type RefObject, type TouchEvent } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import { keyToAction, swipeToAction, tapToAction, type ReaderAction } from '@/lib/content/reading-direction';

interface ReaderNavigationOptions {
  mode: ReadingMode;
  /** The screen shown (paged) or in view (vertical), and the last one. */
  page: number;
  last: number;
  hasPages: boolean;
  nextHref: string | null;
  prevHref: string | null;
  setPage: (page: number) => void;
  /** The reader's top, brought into view when a paged mode turns the page. */
  topRef: RefObject<HTMLElement | null>;
}

/**
 * Turning pages and chapters: the keys, taps and swipes mapped through the reading direction. Paged
 * modes turn a screen and open the next or previous chapter past either end; vertical (or a chapter
 * without pages) goes straight to the neighbouring chapter.
 */
export function useReaderNavigation(options: ReaderNavigationOptions) {
  const { mode, page, last, hasPages, nextHref, prevHref, setPage, topRef } = options;
  const paged = mode !== 'vertical';
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const move = useCallback(
    (action: ReaderAction) => {
      if (mode === 'vertical' || !hasPages) {
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
    [mode, page, last, hasPages, nextHref, prevHref, setPage],
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

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (paged) topRef.current?.scrollIntoView({ block: 'start' });
  }, [paged, page, topRef]);

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

  return { move, handleTap, handleTouchStart, handleTouchEnd };
}
