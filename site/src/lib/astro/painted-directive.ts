import type { ClientDirective } from 'astro';
import { hydrateNow } from './hydrate-now';
import { observeLargestPaints } from './largest-paint';

/** How long after the page's content is in (its image loaded, its text parsed) an island waits at most. */
const GUARD_MS = 1500;
/** The part of an element on screen, in CSS pixels² (what a largest-contentful-paint entry measures). */
function visibleArea(element: Element): number {
  const box = element.getBoundingClientRect();
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return Math.max(0, width) * Math.max(0, height);
}

function storedChoice(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * `client:painted` (astro.config.mjs): an island of a page that reads without script (the readers, a
 * series page) hydrates once the page has shown its largest content: the image fetched at high
 * priority (the reader's opening page, the series cover) when it has one, else the text of the parsed
 * page, as the browser reports it painted (a `largest-contentful-paint` entry for the image, or for a
 * paint after the content was in). Hydrating at once (`client:load`) or when idle (`client:idle`, which
 * fires while the browser waits for that image) started React and the island's modules on the same
 * slow link as the image and ran them before it could be shown; a phone showed the page later for it
 * (issue 15). A main-thread frame is not yet a shown one (the compositor presents it later), hence the
 * entry. An image smaller than a paint already reported will get no entry: then the next frame does.
 * Without any (a browser that does not report them, input that ends the reports), the island
 * hydrates `GUARD_MS` after the content is in.
 *
 * `client:painted="<key>"` names a choice this browser keeps in localStorage that changes the island's
 * own layout (the image reader's mode, per series): when one is stored, the server's HTML is not what
 * the island will show, and waiting for the paint would make the page jump after it, so the island
 * hydrates at once, held out of sight until its first render (held-island.ts: the page names the same
 * key as its `heldChoice`).
 */
const painted: ClientDirective = (load, { value }) => {
  if (value && storedChoice(value)) {
    // Held out of sight since before the first paint, until the island's first render (held-island.ts).
    hydrateNow(load);
    return;
  }
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    hydrateNow(load);
  };
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(hydrate, 0));
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  // When the content was in: a paint reported from then on shows it.
  let contentIn = Number.POSITIVE_INFINITY;
  let largest = 0;
  const observer = observeLargestPaints((entry) => {
    largest = Math.max(largest, entry.size);
    if ((image && entry.element === image) || entry.startTime >= contentIn) hydrate();
  });
  const whenIn = () => {
    contentIn = performance.now();
    if (!observer || (image && visibleArea(image) <= largest)) afterNextFrame();
    else setTimeout(hydrate, GUARD_MS);
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
};

export default painted;
