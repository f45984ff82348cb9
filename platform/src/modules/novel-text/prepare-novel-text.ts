import {
  type ChapterLanguage,
  countNovelTextWords,
  estimateReadingMinutes,
  novelTextLimitIssues,
  type NovelText,
} from '@warraq/contracts';
import { normalizeNovelText } from './normalize';
import { NovelTextRejection } from './novel-text.rejection';

/** A text chapter ready to store: normalised, within the limits, with its word count and reading time. */
export interface PreparedNovelText {
  text: NovelText;
  words: number;
  readingMinutes: number;
}

/**
 * The one way text enters storage, whatever brought it (the API's validated body, an imported file):
 * normalise, then check the limits again on what will actually be stored, since a paragraph of only
 * zero-width characters passes the schema and is empty once cleaned.
 */
export function prepareNovelText(text: NovelText, language: ChapterLanguage = 'AR'): PreparedNovelText {
  const normalized = normalizeNovelText(text);
  const [issue] = novelTextLimitIssues(normalized.blocks);
  if (issue) throw new NovelTextRejection(issue.code, issue.message);
  const words = countNovelTextWords(normalized.blocks);
  return { text: normalized, words, readingMinutes: estimateReadingMinutes(words, language) };
}
