// Loaded by BaseLayout before first paint (a file, not an inline script, so the page's CSP needs no
// 'unsafe-inline').
/* global document, localStorage, sessionStorage, window, location, MutationObserver, setTimeout */
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
  // An island held until its first render (lib/astro/held-island.ts): the page names the choice that
  // changes its layout; when this browser keeps one, the island stays out of sight until it has drawn
  // itself in it, or for four seconds should its code not come.
  try {
    var heldChoice = root.getAttribute('data-held-choice');
    if (heldChoice && localStorage.getItem(heldChoice) !== null) {
      root.setAttribute('data-holding', '');
      setTimeout(function () {
        root.removeAttribute('data-holding');
      }, 4000);
    }
  } catch {
    // Storage may be refused (private mode): no choice is kept, so the server's layout is the island's.
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
  // Numerals (issue 15): the server writes every page in Arabic-Indic digits (series, list and chapter
  // pages are one cached document for everyone). A reader who chose Western digits has them from here
  // on: the signed-in page's own preference, else this browser's copy of it, else the default. Text is
  // rewritten as the parser adds it (before first paint), and later as islands render; the mapping is
  // the one of withNumerals in src/lib/format/format.ts, so islands hydrate over the same characters.
  var numeralsValid = { arab: 1, latn: 1 };
  var serverNumerals = root.getAttribute('data-server-numerals');
  var storedNumerals = null;
  try {
    storedNumerals = localStorage.getItem('warraq_numerals');
    if (numeralsValid[serverNumerals] && storedNumerals !== serverNumerals) {
      localStorage.setItem('warraq_numerals', serverNumerals);
    }
  } catch {
    // Storage may be refused (private mode): the server's choice or the default applies.
  }
  var numerals = numeralsValid[serverNumerals]
    ? serverNumerals
    : numeralsValid[storedNumerals]
      ? storedNumerals
      : 'arab';
  root.dataset.numerals = numerals;
  if (numerals === 'latn') {
    var arabicDigit = /[\u0660-\u0669]/;
    var numberPart = /[\u0660-\u0669]|(?<=[\u0660-\u0669])[\u066B\u066C](?=[\u0660-\u0669])/g;
    var toLatin = function (part) {
      if (part === '\u066C') return ',';
      if (part === '\u066B') return '.';
      return String(part.charCodeAt(0) - 0x0660);
    };
    var skip = function (node) {
      var parent = node.parentElement;
      return (
        !parent || parent.closest('script, style, textarea, [contenteditable], [data-keep-digits]') !== null
      );
    };
    var rewrite = function (node) {
      if (node.nodeType === 3) {
        if (arabicDigit.test(node.nodeValue) && !skip(node)) {
          node.nodeValue = node.nodeValue.replace(numberPart, toLatin);
        }
        return;
      }
      if (node.nodeType !== 1) return;
      var walker = document.createTreeWalker(node, 4);
      for (var text = walker.nextNode(); text; text = walker.nextNode()) rewrite(text);
    };
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        if (record.type === 'characterData') rewrite(record.target);
        else record.addedNodes.forEach(rewrite);
      });
    }).observe(root, { childList: true, subtree: true, characterData: true });
  }
  // A text chapter's reading settings (components/novel/NovelChapter.astro) from this browser, applied to
  // its article as the parser adds it, so before its first paint, the way lib/novel/reader-settings.ts
  // applies them: choices as data-nr-* attributes, numbers as --nr-* properties. What is allowed comes
  // from the article (data-nr-kinds): a list of choices, or [min, max]. Here and not in a script of the
  // article's own: a second blocking file took one of the six connections a phone opens to the site
  // while Cairo's files, which the first paint waits for, were on their way (issue 15, bench/README.md).
  if (root.hasAttribute('data-novel-chapter')) {
    var applyNovelSettings = function (article) {
      // Amiri is drawn in its metric-matched fallback until the first paragraph has been painted, then
      // novel-reader.ts lets it load: unless this tab has loaded it already (warraq:novel-faces, set
      // there), when its files are in the cache. Per tab, not per browser: a cache may have dropped
      // them since, and then the page would wait for them again.
      var seen = null;
      try {
        seen = sessionStorage.getItem('warraq:novel-faces');
      } catch {
        // Storage refused: Amiri after the first paint, as on a first visit.
      }
      if (seen !== '1') article.setAttribute('data-nr-faces-wait', '');
      // A chapter rendered for its reader carries their settings (data-nr-server).
      if (article.hasAttribute('data-nr-server')) return;
      var kept = null;
      try {
        kept = JSON.parse(localStorage.getItem('warraq:novel-reader') || 'null');
      } catch {
        // Storage refused (private mode) or unreadable: the defaults the server rendered stay.
      }
      if (!kept || typeof kept !== 'object') return;
      var kinds = JSON.parse(article.getAttribute('data-nr-kinds') || '{}');
      Object.keys(kinds).forEach(function (key) {
        var allowed = kinds[key];
        var value = kept[key];
        if (typeof allowed[0] === 'number') {
          if (typeof value === 'number' && value >= allowed[0] && value <= allowed[1]) {
            article.style.setProperty('--nr-' + key, String(value));
          }
        } else if (allowed.indexOf(value) !== -1) {
          article.setAttribute('data-nr-' + key, value);
        }
      });
    };
    // Mutation records are delivered before the browser next renders, so the article is never drawn
    // without them.
    var articleWatch = new MutationObserver(function (records) {
      for (var r = 0; r < records.length; r++) {
        var added = records[r].addedNodes;
        for (var n = 0; n < added.length; n++) {
          if (added[n].nodeType === 1 && added[n].hasAttribute('data-nr-kinds')) {
            articleWatch.disconnect();
            applyNovelSettings(added[n]);
            return;
          }
        }
      }
    });
    articleWatch.observe(root, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', function () {
      articleWatch.disconnect();
    });
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
