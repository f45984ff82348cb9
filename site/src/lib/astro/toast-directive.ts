import type { ClientDirective } from 'astro';
import { hydrateNow } from './hydrate-now';
import { TOAST_EVENT, TOASTED_ATTRIBUTE } from '@/stores/toast-signal';

/**
 * `client:toast` (astro.config.mjs): the toast region hydrates when the page first shows a toast
 * (stores/toasts.ts says so on `<html>` and with an event), not on every load: a guest reading a
 * chapter may never see one, and its code is then never downloaded (issue 15). The store keeps the
 * toast meanwhile, so the region shows it once hydrated; its server-rendered box is there from the start.
 */
const toast: ClientDirective = (load) => {
  const root = document.documentElement;
  if (root.hasAttribute(TOASTED_ATTRIBUTE)) {
    hydrateNow(load);
    return;
  }
  window.addEventListener(TOAST_EVENT, () => hydrateNow(load), { once: true });
};

export default toast;
