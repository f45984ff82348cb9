/**
 * The ARIA tabs pattern's keys: the arrows move to the next or previous tab along the reading
 * direction (in RTL the left arrow goes forward), wrapping at the ends; Home and End jump to the
 * first and last. Returns the index to select, or null for any other key.
 */
export function tabIndexForKey(key: string, index: number, count: number, rtl: boolean): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  return null;
}

/** Whether an element lays out right to left (the site is RTL, a user-written block may not be). */
export function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}
