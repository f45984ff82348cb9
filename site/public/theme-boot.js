// Loaded by BaseLayout before first paint (a file, not an inline script, so the page's CSP needs no
// 'unsafe-inline').
/* global document, localStorage, sessionStorage, window, location */
// Theme before first paint: the signed-in user's server preference, else this browser's
// choice, else the system. "system" follows prefers-color-scheme live.
(function () {
  var root = document.documentElement;
  var valid = { light: 1, dark: 1, system: 1 };
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // Storage may be refused (private mode): the theme still applies for this page.
  }
  var server = root.getAttribute('data-server-theme');
  var pref = valid[server] ? server : valid[stored] ? stored : 'system';
  if (valid[server] && stored !== server) {
    try {
      localStorage.setItem('theme', server);
    } catch {
      // Storage may be refused (private mode): the theme still applies for this page.
    }
  }
  root.dataset.themePref = pref;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var p = root.dataset.themePref;
    var dark = p === 'dark' || (p !== 'light' && media.matches);
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }
  apply();
  media.addEventListener('change', apply);
  // The reader's page size (fit to screen, width or original), so its pages are laid out once.
  try {
    var fit = localStorage.getItem('warraq_reader_fit');
    if (fit === 'height' || fit === 'width' || fit === 'original') root.dataset.readerFit = fit;
  } catch {
    // Storage may be refused (private mode): pages fit the screen.
  }
  // Who reads (stores/page-state.ts): a page rendered for the reader says so and this browser
  // remembers it; a public document (the same HTML for everyone) takes the last word heard, so its
  // signed-in parts show from the first paint, and its page state corrects it.
  try {
    var seen = root.getAttribute('data-viewer');
    if (seen === 'user' || seen === 'staff') localStorage.setItem('warraq_viewer', seen);
    else if (seen === 'guest') localStorage.removeItem('warraq_viewer');
    else {
      seen = localStorage.getItem('warraq_viewer');
      if (seen === 'user' || seen === 'staff') root.dataset.viewer = seen;
    }
  } catch {
    // Storage may be refused (private mode): the page state still shows the reader's parts.
  }
  // The page to come back to after signing in (never an auth page).
  if (!/\/(login|auth|register)/i.test(location.pathname)) {
    try {
      sessionStorage.setItem('warraq_previous_page', location.pathname + location.search);
    } catch {
      // Storage may be refused (private mode): the theme still applies for this page.
    }
  }
})();
