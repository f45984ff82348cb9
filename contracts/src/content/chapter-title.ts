import { arabicNumber, westernDigits } from '../common/arabic-number.js';

/**
 * The title a chapter gets when its uploader gives none (spec §5, 'Chapter {n}' in Arabic), in the
 * Arabic-Indic digits of the platform's Arabic texts.
 */
export function defaultChapterTitle(chapterNumber: number): string {
  return `الفصل ${arabicNumber(chapterNumber)}`;
}

/**
 * A chapter's title when it says more than its number: «الفصل ٣», "Chapter 3" or "Ch. 3" repeat
 * the label every view writes beside it («الفصل 1 الفصل 1», «الفصل 2 Chapter 2»), so they give null.
 */
export function ownChapterTitle(title: string | null | undefined, chapterNumber: number): string | null {
  const trimmed = title?.trim();
  if (!trimmed) return null;
  const words = westernDigits(trimmed)
    .replace(/\u066B/g, '.')
    .replace(/[\s\-—:#]+/g, ' ')
    .trim()
    .split(' ');
  const onlyLabel = words.every((word) => /^(الفصل|فصل|chapter|ch\.?|\d+(\.\d+)?)$/i.test(word));
  return onlyLabel && words.includes(String(Number(chapterNumber.toFixed(2)))) ? null : trimmed;
}
