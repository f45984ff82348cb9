// Loaded by the novel reader (components/novel/NovelChapter.astro) as the first child of the chapter's
// article, before its text is parsed: a file, not an inline script, so the CSP needs no 'unsafe-inline'.
/* global document, localStorage, sessionStorage */
// A guest's reading settings from this browser, applied before first paint the way
// lib/novel/reader-settings.ts applies them: choices as data-nr-* attributes, numbers as --nr-*
// properties. What is allowed comes from the article (data-nr-kinds): a list of choices, or [min, max].
// A signed-in reader's settings were rendered by the server (data-nr-server) and are left alone.
(function () {
  var script = document.currentScript;
  var article = script && script.parentElement;
  if (!article) return;
  // Amiri is drawn in its metric-matched fallback until the first paragraph has been painted, then
  // novel-reader.ts lets it load (components/novel/NovelChapter.astro, issue 15): unless this tab has
  // loaded it already (warraq:novel-faces, set there), when its files are in the cache. Per tab, not
  // per browser: a cache may have dropped them since, and then the page would wait for them again.
  var seen = null;
  try {
    seen = sessionStorage.getItem('warraq:novel-faces');
  } catch {
    // Storage refused: Amiri after the first paint, as on a first visit.
  }
  if (seen !== '1') article.setAttribute('data-nr-faces-wait', '');
  if (article.hasAttribute('data-nr-server')) return;
  var stored = null;
  try {
    stored = JSON.parse(localStorage.getItem('warraq:novel-reader') || 'null');
  } catch {
    // Storage refused (private mode) or unreadable: the defaults the server rendered stay.
  }
  if (!stored || typeof stored !== 'object') return;
  var kinds = JSON.parse(article.getAttribute('data-nr-kinds') || '{}');
  Object.keys(kinds).forEach(function (key) {
    var allowed = kinds[key];
    var value = stored[key];
    if (typeof allowed[0] === 'number') {
      if (typeof value === 'number' && value >= allowed[0] && value <= allowed[1]) {
        article.style.setProperty('--nr-' + key, String(value));
      }
    } else if (allowed.indexOf(value) !== -1) {
      article.setAttribute('data-nr-' + key, value);
    }
  });
})();
