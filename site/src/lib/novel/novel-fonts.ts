// The novel reader's three faces (Amiri, the default; Noto Naskh Arabic and IBM Plex Sans Arabic, the
// reader's other choices), as the @font-face rules of their @fontsource packages with the font files'
// built URLs. They are written into the head of a text chapter only: imported as stylesheets they
// were bundled with the chapter route, so the image reader too waited for 27 rules (8 KB) it never uses.
import amiri400 from '@fontsource/amiri/400.css?inline';
import amiri400Italic from '@fontsource/amiri/400-italic.css?inline';
import amiri700 from '@fontsource/amiri/700.css?inline';
import plexSans400 from '@fontsource/ibm-plex-sans-arabic/400.css?inline';
import plexSans700 from '@fontsource/ibm-plex-sans-arabic/700.css?inline';
import notoNaskh400 from '@fontsource/noto-naskh-arabic/400.css?inline';
import notoNaskh700 from '@fontsource/noto-naskh-arabic/700.css?inline';

export const novelFontFaces = [
  amiri400,
  amiri700,
  amiri400Italic,
  notoNaskh400,
  notoNaskh700,
  plexSans400,
  plexSans700,
].join('\n');
