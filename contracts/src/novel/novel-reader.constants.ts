// The novel reader's choices and bounds, apart from their schema: the reader's script in the browser
// applies them without loading zod (issue 15).
export const NOVEL_READER_FONTS = ['amiri', 'noto-naskh', 'plex-sans'] as const;
export const NOVEL_READER_THEMES = ['light', 'sepia', 'dark'] as const;
export const NOVEL_READER_ALIGNS = ['justify', 'start'] as const;

/** Bounds of the numeric settings: font size in px, line height as a ratio, line width in em. */
export const NOVEL_READER_LIMITS = {
  sizeMin: 14,
  sizeMax: 32,
  lineHeightMin: 1.4,
  lineHeightMax: 2.6,
  widthMin: 20,
  widthMax: 48,
} as const;
