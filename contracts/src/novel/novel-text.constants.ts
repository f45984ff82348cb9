import type { ChapterLanguage } from '../content/content.constants.js';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * How large a text chapter may be. A real web-novel chapter is 2,000–10,000 words: about 12–60 KB
 * of Arabic in UTF-8 (an Arabic word averages five to six letters of two bytes each, plus a space).
 * The limits leave several times that room, so a long chapter never meets them, while a whole book
 * pasted as one chapter, or 2 MB of anything, is refused with a clear message instead of stored.
 */
export const NOVEL_TEXT_LIMITS = {
  /** UTF-8 bytes of all the chapter's text: ~45,000 Arabic words, ~85,000 English ones. */
  maxTextBytes: 512 * KiB,
  /** Paragraphs, dialogue lines and scene breaks: dialogue-heavy 10,000-word chapters have ~1,000. */
  maxBlocks: 5000,
  /** One paragraph: ~1,800 Arabic words, far past any paragraph a reader would follow. */
  maxParagraphChars: 10_000,
  /** Changes of emphasis inside one paragraph (each run is one stretch of the same marks). */
  maxRunsPerBlock: 200,
  /** Runs in the whole chapter, so a submission of many tiny runs cannot bloat the stored document. */
  maxRuns: 20_000,
  /**
   * The JSON body of a submitted chapter, for the route's body parser: the worst valid document
   * (every character escaped, every run emphasised) stays under it; a body past it is refused
   * before it is parsed, and 2 MB of text under it is refused by the text limit.
   */
  maxRequestBytes: 2 * MiB,
} as const;

/** What the chapter-file import accepts before a byte is parsed: one file, by extension and size. */
export const NOVEL_IMPORT_LIMITS = {
  /** A .txt is its text: twice the text limit leaves room for the whitespace normalisation drops. */
  maxTxtBytes: 1 * MiB,
  /** A .docx or .epub also carries styles, fonts and pictures, none of which is read. */
  maxArchiveBytes: 20 * MiB,
  extensions: ['txt', 'docx', 'epub'] as const,
} as const;
export type NovelImportExtension = (typeof NOVEL_IMPORT_LIMITS.extensions)[number];

/**
 * Silent-reading speed in words a minute, from the IReST study (Trauzettel-Klosinski & Dietz, 2012,
 * the same standard text read by adults in 17 languages). Chinese and Japanese are counted a
 * character a word (see `countWords`), so theirs are the study's characters a minute. Korean and
 * Indonesian were not measured there: they get the study's mean over all languages.
 */
export const READING_WORDS_PER_MINUTE: Record<ChapterLanguage, number> = {
  AR: 138,
  EN: 228,
  FR: 195,
  ZH: 255,
  JP: 357,
  KO: 184,
  ID: 184,
};
