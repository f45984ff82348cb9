// How the toast store tells the page a toast was shown (lib/astro/toast-directive.ts): the toast region
// is hydrated on the first one. Plain constants, so the directive (inlined into the page) stays small.
export const TOAST_EVENT = 'warraq:toast';
export const TOASTED_ATTRIBUTE = 'data-toasted';
