// The novel reader's three faces (Amiri, the default; Noto Naskh Arabic and IBM Plex Sans Arabic, the
// reader's other choices), as the @font-face rules of their @fontsource packages with the font files'
// built URLs. They are written into the head of a text chapter only: imported as stylesheets they
// were bundled with the chapter route, so the image reader too waited for 27 rules (8 KB) it never uses.
import type { NovelDocument } from '@warraq/contracts';
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
const AMIRI_FALLBACK = `@font-face {
  font-family: 'Amiri fallback';
  src: local('Noto Naskh Arabic'), local('NotoNaskhArabic-Regular'), local('Noto Naskh Arabic UI');
  size-adjust: 94.15%;
  ascent-override: 119.38%;
  descent-override: 67.34%;
  line-gap-override: 0%;
}`;

/** The marks a chapter's text uses, each of which draws in an Amiri file of its own. */
function marksUsed(document: NovelDocument): { emphasis: boolean; strong: boolean } {
  let emphasis = false;
  let strong = false;
  for (const block of document.blocks) {
    if (block.type === 'scene-break') continue;
    for (const run of block.runs) {
      emphasis ||= run.emphasis === true;
      strong ||= run.strong === true;
    }
  }
  return { emphasis, strong };
}

/**
 * The @font-face rules a text chapter needs: each face's regular, Amiri's fallback, the bold faces only
 * when the text has strong runs and Amiri's italic only when it has emphasis (a browser fetches only
 * the files it draws with, but each face is 3 rules of CSS in the head). The other two faces are
 * always there, since a reader may pick either (a guest's choice is applied from this browser's
 * storage before first paint).
 */
export function novelFontFaces(document: NovelDocument): string {
  const { emphasis, strong } = marksUsed(document);
  return [
    AMIRI_FALLBACK,
    amiri400,
    notoNaskh400,
    plexSans400,
    ...(strong ? [amiri700, notoNaskh700, plexSans700] : []),
    ...(emphasis ? [amiri400Italic] : []),
  ].join('\n');
}
