import type { ImageRendition } from '@warraq/contracts';

/** A cover's `srcset` from its stored widths; none when it has only one (the `src` says it all). */
export function coverSrcset(renditions: readonly ImageRendition[] | undefined): string | undefined {
  if (!renditions || renditions.length < 2) return undefined;
  return renditions.map((copy) => `${copy.url} ${copy.width}w`).join(', ');
}

/** Shows `fallback` in place of a cover that failed: a `srcset` would keep the browser on the failed copy. */
export function showFallback(img: HTMLImageElement, fallback: string): void {
  if (img.src.endsWith(fallback) && !img.hasAttribute('srcset')) return;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = fallback;
}

/**
 * The fallback for a cover that fails to load (spec §8, components/manga/Cover.astro), without an
 * inline onerror handler, which the page's policy refuses. Errors do not bubble, so they are caught on
 * the way down; a cover that failed before this ran is found by its state. Started by the layout's
 * script on every page (covers are on most of them; one file fewer to fetch on those).
 */
export function startCoverFallbacks(): void {
  const fallBack = (img: HTMLImageElement) => {
    const fallback = img.dataset.coverFallback;
    if (fallback) showFallback(img, fallback);
  };
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.dataset.coverFallback)
        fallBack(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-cover-fallback]')) {
    if (img.complete && img.naturalWidth === 0) fallBack(img);
  }
}
