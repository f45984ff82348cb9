import type { ReadingMode } from '@warraq/contracts';

/** What a key press or a swipe asks the reader to do. */
export type ReaderAction = 'next' | 'prev';

/**
 * Maps an arrow key through the reading direction (style habit 8): in paged right-to-left the
 * left arrow turns to the next page, in left-to-right the right arrow does. The vertical strip
 * scrolls with the up/down keys natively; left/right move between chapters along the page's
 * right-to-left direction.
 */
export function keyToAction(key: string, mode: ReadingMode): ReaderAction | null {
  switch (key) {
    case 'ArrowLeft':
      return mode === 'paged-ltr' ? 'prev' : 'next';
    case 'ArrowRight':
      return mode === 'paged-ltr' ? 'next' : 'prev';
    case 'PageDown':
      return mode === 'vertical' ? null : 'next';
    case 'PageUp':
      return mode === 'vertical' ? null : 'prev';
    default:
      return null;
  }
}

/** The smallest horizontal travel (px) that counts as a swipe. */
export const SWIPE_MIN_PX = 50;

/**
 * Maps a horizontal swipe (finger travel dx, dy in px) through the reading direction: in
 * right-to-left the finger drags the page to the right (dx > 0) to go forward, in left-to-right to
 * the left. Mostly vertical drags are scrolls, not swipes; the vertical strip ignores swipes.
 */
export function swipeToAction(dx: number, dy: number, mode: ReadingMode): ReaderAction | null {
  if (mode === 'vertical') return null;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  const forward = mode === 'paged-rtl' ? dx > 0 : dx < 0;
  return forward ? 'next' : 'prev';
}

/**
 * Maps a tap on a page through the reading direction: in right-to-left the left part of the page
 * is forward, in left-to-right the right part. `fraction` is the tap's x over the page width (0 =
 * left edge).
 */
export function tapToAction(fraction: number, mode: ReadingMode): ReaderAction | null {
  if (mode === 'vertical') return null;
  const onLeft = fraction < 0.5;
  if (mode === 'paged-rtl') return onLeft ? 'next' : 'prev';
  return onLeft ? 'prev' : 'next';
}
