// The novel reader's entry (components/novel/NovelChapter.astro's script): its code, and the modules it
// needs, are fetched once the chapter's text has been shown. Fetched with the page, they took
// connections a phone needs for what the first paint waits for (the layout's stylesheet and Cairo's
// files), and the text showed later than the landing page's (issue 15, bench/README.md). The text reads
// without them; the settings, progress and keys follow a frame after it is shown.
import { observeLargestPaints } from '@/lib/astro/largest-paint';

/** How long the reader waits at most for the article's paint to be reported. */
const PAINT_GUARD_MS = 1500;

export function startNovelReaderAfterPaint(): void {
  const article = document.querySelector<HTMLElement>('[data-novel-reader] .novel-article');
  if (!article) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    void import('./novel-reader').then((reader) => reader.startNovelReader());
  };
  // A `largest-contentful-paint` entry for a block of the article: a main-thread frame is not yet a
  // shown one (the compositor presents it later).
  const observer = observeLargestPaints((entry) => {
    if (entry.element && article.contains(entry.element)) start();
  });
  // Without a report (input ends them; the largest paint may be elsewhere), the reader still starts.
  setTimeout(start, observer ? PAINT_GUARD_MS : 0);
}
