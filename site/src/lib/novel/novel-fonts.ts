// The novel reader's three faces (Amiri, the default; Noto Naskh Arabic and IBM Plex Sans Arabic, the
// reader's other choices), as the @font-face rules of their @fontsource packages with the font files'
// built URLs (server code only). Imported as stylesheets they were bundled with the chapter route, so
// the image reader too waited for rules it never uses; a text chapter links them (below).
import { createHash } from 'node:crypto';
import amiri400 from '@fontsource/amiri/400.css?inline';
import amiri400Italic from '@fontsource/amiri/400-italic.css?inline';
import amiri700 from '@fontsource/amiri/700.css?inline';
import plexSans400 from '@fontsource/ibm-plex-sans-arabic/400.css?inline';
import plexSans700 from '@fontsource/ibm-plex-sans-arabic/700.css?inline';
import notoNaskh400 from '@fontsource/noto-naskh-arabic/400.css?inline';
import notoNaskh700 from '@fontsource/noto-naskh-arabic/700.css?inline';

/**
 * What Amiri's text is drawn in until Amiri's files arrive (NovelChapter.astro's font stack): the
 * phone's own Noto Naskh Arabic (Android's Arabic face; Debian's too), scaled to Amiri's widths and
 * given Amiri's ascent and descent, so the swap leaves every line where it was. Amiri is not
 * preloaded: the first paragraph is painted in this face at once instead of after Amiri's 128 KB
 * (Arabic and Latin files) on a slow link; with `serif`'s fallback (wider) the swap re-wrapped the
 * paragraphs and shifted the page (issue 15: CLS 0.073). Measured in Chromium over a seeded chapter's
 * first twelve paragraphs on one line at 20 px: Amiri 25,531 px, Noto Naskh Arabic 27,117 px (94.15 %);
 * Amiri's ascent 1124/1000 and descent 634/1000, no line gap. An override is a share of the adjusted
 * size, hence divided by size-adjust. A browser without the local face skips the rule (`serif` next).
 */
export const AMIRI_FALLBACK_FACE = `@font-face {
  font-family: 'Amiri fallback';
  src: local('Noto Naskh Arabic'), local('NotoNaskhArabic-Regular'), local('Noto Naskh Arabic UI');
  size-adjust: 94.15%;
  ascent-override: 119.38%;
  descent-override: 67.34%;
  line-gap-override: 0%;
}`;

/**
 * The three faces' rules in one stylesheet of their own, served at a name that changes with its
 * content (pages/novel-faces/[version].css.ts, kept a year): every text chapter uses the same one, so
 * a reader's browser fetches it once, and the chapter's HTML does not carry 13 KB of rules (4.5 KB
 * compressed) it cannot use before its first paint anyway. A slow link's first round trip brings
 * about 14 KB; the chapter and its page came to 22 KB, and the reader's largest paint waited a round
 * trip longer than the landing page's (issue 15). Loaded by novel-reader.ts once the first paragraph is
 * shown; without script, by a <noscript> link in the head. A browser fetches only the files it draws
 * with, so the bold and italic faces cost nothing on a chapter without strong or emphasised text.
 */
export const NOVEL_FACES_CSS = [
  amiri400,
  amiri400Italic,
  amiri700,
  notoNaskh400,
  notoNaskh700,
  plexSans400,
  plexSans700,
].join('\n');

export const NOVEL_FACES_VERSION = createHash('sha256').update(NOVEL_FACES_CSS).digest('hex').slice(0, 12);

/** Where the faces' stylesheet is served (the same path on every site's host). */
export const NOVEL_FACES_HREF = `/novel-faces/${NOVEL_FACES_VERSION}.css`;
