// An island whose server HTML is not what it will show (the image reader in a mode this browser keeps
// for the series) is held out of sight from its directive until its own first render: a reader sees
// the chapter appear in their mode instead of the server's layout jumping into it (a layout shift the
// hydration race lost now and then). Invisible boxes do not count as shifting.

const HELD = 'data-held';

/** Hides an island until `releaseIsland` (or, should its code never arrive, `guardMs` later). */
export function holdIsland(island: HTMLElement, guardMs: number): void {
  island.setAttribute(HELD, '');
  island.style.visibility = 'hidden';
  setTimeout(() => release(island), guardMs);
}

function release(island: HTMLElement): void {
  if (!island.hasAttribute(HELD)) return;
  island.removeAttribute(HELD);
  island.style.removeProperty('visibility');
}

/** Shows the held island around `node` (nothing when none holds it): call once its render is final. */
export function releaseIsland(node: Element | null): void {
  const island = node?.closest(`astro-island[${HELD}]`);
  if (island instanceof HTMLElement) release(island);
}
