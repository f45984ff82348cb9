import type { ChapterLanguage } from '../content/content.constants.js';
import { READING_WORDS_PER_MINUTE } from './novel-text.constants.js';
import type { NovelBlock } from './novel-text.structure.js';

/**
 * One word: letters with their diacritics, digits, tatweel and the zero-width (non-)joiner, held
 * together inside a word by an apostrophe or hyphen between letters (don't, Tokyo-based) and by the
 * separators of a number between digits (3.5, ٣٫٥, 12,000, 12:30, 2024/05/01). Arabic punctuation
 * (، ؛ ؟ « ») ends a word even with no space after it, so «قال،ثم» is two words, as a reader sees it.
 */
const WORD =
  /(?:[\p{L}\p{M}\p{N}\u200C\u200D]|(?<=[\p{L}\p{M}])['’-](?=\p{L})|(?<=\p{N})[.,٫٬:/](?=\p{N}))+/gu;
/** A letter other than tatweel, or a digit: a run of tatweel or of lone diacritics is no word. */
const COUNTS_AS_WORD = /[\p{N}]|(?!\u0640)\p{L}/u;
/** Chinese and Japanese are written without spaces: each ideograph or kana counts as a word, as word processors count them. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Words in a piece of text, by the rule above. */
export function countWords(text: string): number {
  let words = 0;
  for (const [token] of text.matchAll(WORD)) {
    const eastAsian = token.match(EAST_ASIAN)?.length ?? 0;
    if (eastAsian === 0) {
      if (COUNTS_AS_WORD.test(token)) words++;
      continue;
    }
    words += eastAsian;
    for (const part of token.split(EAST_ASIAN)) if (COUNTS_AS_WORD.test(part)) words++;
  }
  return words;
}

/** Words of a chapter: each paragraph counted on its own, its runs read as one text. */
export function countNovelTextWords(blocks: readonly NovelBlock[]): number {
  let words = 0;
  for (const block of blocks) {
    if (block.type !== 'scene-break') words += countWords(block.runs.map((run) => run.text).join(''));
  }
  return words;
}

/** Whole minutes a chapter takes to read at the language's reading speed, at least 1 for any text. */
export function estimateReadingMinutes(words: number, language: ChapterLanguage = 'AR'): number {
  if (words <= 0) return 0;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE[language]));
}
