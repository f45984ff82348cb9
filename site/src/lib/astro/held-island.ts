// An island whose server HTML is not what it will show (the image reader in a mode this browser keeps
// for the series) is held out of sight until its own first render: a reader sees the chapter appear in
// their mode instead of the server's layout jumping into it. Invisible boxes do not count as shifting.
//
// The hold starts before the first paint, in theme-boot.js: a page names the kept choice on
// `<html data-held-choice="<localStorage key>">` (BaseLayout's `heldChoice`); when this browser keeps
// it, `<html data-holding>` hides the page's `[data-held-island]` (global.css) for at most four seconds,
// should the island's code never arrive. The island's code (islands.ts) runs only once the document is
// parsed, after a first paint may have been made, so the hold cannot wait for it.

/** Shows the held island: call once its render is final. Nothing when nothing is held. */
export function releaseIsland(): void {
  document.documentElement.removeAttribute('data-holding');
}
