import type { ClientDirective } from 'astro';
import { hydrateNow } from './hydrate-now';

/**
 * `client:reader` (astro.config.mjs): an island that only a signed-in reader ever uses (the logout
 * button, the greeting and bell, their toasts) hydrates once `<html>` says a reader is signed in —
 * on a public document when its page state has answered (stores/page-state.ts), on a page rendered
 * for the reader at once. A guest never downloads its code (nor React for it).
 */
const reader: ClientDirective = (load) => {
  const root = document.documentElement;
  const answered = () => root.dataset.pageState !== 'pending';
  const signedIn = () => root.dataset.viewer === 'user' || root.dataset.viewer === 'staff';
  if (answered()) {
    if (signedIn()) hydrateNow(load);
    return;
  }
  const observer = new MutationObserver(() => {
    if (!answered()) return;
    observer.disconnect();
    if (signedIn()) hydrateNow(load);
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-page-state'] });
};

export default reader;
