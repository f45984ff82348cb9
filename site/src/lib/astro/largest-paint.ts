// The browser's reports of a page's largest paint, for code that waits until the page's main content
// has been shown (a main-thread frame is not yet a shown one: the compositor presents it later).

/** A `largest-contentful-paint` entry: what was painted, and its area on screen in CSS pixels². */
export type PaintEntry = PerformanceEntry & { element: Element | null; size: number };

/**
 * Calls `onEntry` for each largest-paint report, those already made first; null (and no call) in a
 * browser that makes none. Reports end with the reader's first input, so a caller keeps a deadline.
 */
export function observeLargestPaints(onEntry: (entry: PaintEntry) => void): PerformanceObserver | null {
  if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) return null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onEntry(entry as PaintEntry);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  return observer;
}
