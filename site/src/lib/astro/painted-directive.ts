import type { ClientDirective } from 'astro';

/** How long after the page's content is in (its image loaded, its text parsed) an island waits at most. */
const GUARD_MS = 1500;

/**
 * `client:painted` (astro.config.mjs): an island of a page that reads without script (the readers, a
 * series page) hydrates once the page has shown its largest content: the image fetched at high
 * priority (the reader's opening page, the series cover), else the text of the parsed page, as the
 * browser reports it painted (a `largest-contentful-paint` entry). Hydrating at once (`client:load`)
 * or when idle (`client:idle`, which fires while the browser waits for that image) started React and
 * the island's modules on the same slow link as the image and ran them before it could be shown; a
 * phone showed the page later for it (issue 15). A main-thread frame is not yet a shown one (the
 * compositor presents it later), hence the entry. Without one (a browser that does not report it, a
 * largest paint shown before the wait began, input that ends the reports), the island hydrates
 * `GUARD_MS` after the content is in.
 */
const painted: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    void load().then((run) => run());
  };
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  // When the content was in: a paint reported from then on shows it.
  let contentIn = Number.POSITIVE_INFINITY;
  const reportsPaints = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  const observer = reportsPaints
    ? new PerformanceObserver((list) => {
        const shown = list
          .getEntries()
          .some((entry) =>
            image
              ? (entry as PerformanceEntry & { element: Element | null }).element === image
              : entry.startTime >= contentIn,
          );
        if (shown) hydrate();
      })
    : null;
  const whenIn = () => {
    contentIn = performance.now();
    setTimeout(hydrate, reportsPaints ? GUARD_MS : 0);
  };
  if (image && !image.complete) {
    image.addEventListener('load', whenIn, { once: true });
    // A page that failed to load still gets its island (the reader shows the fallback picture).
    image.addEventListener('error', whenIn, { once: true });
  } else if (!image && document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', whenIn, { once: true });
  } else {
    whenIn();
  }
  observer?.observe({ type: 'largest-contentful-paint', buffered: true });
};

export default painted;
