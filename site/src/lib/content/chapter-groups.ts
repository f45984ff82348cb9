import type { ChapterVariant } from '@warraq/contracts';
import { chapterLanguageName, otherLanguageName, westernDigits } from '@warraq/contracts/browser';
import { fmt, t } from '@/i18n';
import { formatChapterNumber as formatChapterLabel } from '@/lib/format/format';

/** The chapters of one number (spec §2 Manga detail: grouped by number, variant count when > 1). */
export interface ChapterGroup {
  chapterNumber: number;
  variants: ChapterVariant[];
}

/** A chapter variant with nothing in it but `fields`: a shape to fill in (a list's template, a test). */
export function blankVariant(fields: Partial<ChapterVariant> = {}): ChapterVariant {
  return {
    id: 0,
    chapterNumber: 0,
    chapter_number: 0,
    title: null,
    language: 'AR',
    group: null,
    translator: null,
    views: 0,
    likes: 0,
    uploadedDays: 0,
    publishedAt: null,
    pageCount: 0,
    moderationStatus: 'approved',
    ...fields,
  };
}

/** Groups variants by chapter number, newest number first; variants keep the API's order. */
export function groupChapters(chapters: readonly ChapterVariant[]): ChapterGroup[] {
  const byNumber = new Map<number, ChapterVariant[]>();
  for (const chapter of chapters) {
    const list = byNumber.get(chapter.chapterNumber);
    if (list) list.push(chapter);
    else byNumber.set(chapter.chapterNumber, [chapter]);
  }
  return [...byNumber.entries()]
    .sort(([a], [b]) => b - a)
    .map(([chapterNumber, variants]) => ({ chapterNumber, variants }));
}

/** How many groups remain below the last one pages/chapter-groups/ sent (0: the list is complete). */
export const GROUPS_REMAINING_HEADER = 'X-Chapter-Groups-Remaining';

/**
 * A chapter number as a list's cursor (`?before=` of pages/chapter-groups/): the form numbers take
 * (numeric(8,2): up to six digits, two decimals), or null for anything else.
 */
export function parseChapterCursor(value: string | null): number | null {
  return value !== null && /^\d{1,6}(?:\.\d{1,2})?$/.test(value) ? Number(value) : null;
}

/**
 * A chapter number as a reader types it (the series page's «انتقل إلى الفصل»): either digit system,
 * «٫» or "." before the decimals, the same forms as a cursor; null for anything else.
 */
export function typedChapterNumber(text: string): number | null {
  return parseChapterCursor(westernDigits(text.trim()).replace('\u066B', '.'));
}

/** The next `count` groups below chapter `before` in the list's order, and how many remain after them. */
export function groupsBelow(
  chapters: readonly ChapterVariant[],
  before: number,
  count: number,
): { groups: ChapterGroup[]; remaining: number } {
  const below = groupChapters(chapters).filter((group) => group.chapterNumber < before);
  return { groups: below.slice(0, count), remaining: Math.max(0, below.length - count) };
}

/** The chapter 'start reading' opens: the lowest number that has a variant. */
export function firstChapterNumber(chapters: readonly ChapterVariant[]): number | null {
  let first: number | null = null;
  for (const chapter of chapters) {
    if (first === null || chapter.chapterNumber < first) first = chapter.chapterNumber;
  }
  return first;
}

/** Languages with a flag badge (spec: EN, ID, ES, AR, DE, FR, IT, PT, otherwise a globe). */
const FLAGGED = new Set(['EN', 'ID', 'ES', 'AR', 'DE', 'FR', 'IT', 'PT']);

export function languageBadge(language: string): { code: string; flagged: boolean } {
  const code = language.toUpperCase();
  return { code, flagged: FLAGGED.has(code) };
}

/** A chapter language's Arabic name («EN» → «الإنجليزية»); a code the catalogue lacks stays a code. */
export { chapterLanguageName as languageName } from '@warraq/contracts/browser';

/**
 * A chapter's number as a feed names it (an activity, a comment's place): as a name, never rounded
 * («١٫٥»), with its language when it is not Arabic, since one number can be read in several and two
 * items would otherwise read alike («١ (الإنجليزية)»).
 */
export function feedChapterNumber(number: number, language: string | null): string {
  const n = formatChapterLabel(number);
  const other = otherLanguageName(language);
  return other === null ? n : fmt(t.series.numberInLanguage, { n, language: other });
}

/** A variant as the readers' pickers name it: its language, then its group or translator. */
export function variantLabel(variant: {
  language: string;
  group?: string | null | undefined;
  translator?: string | null | undefined;
}): string {
  return [chapterLanguageName(variant.language), variant.group ?? variant.translator]
    .filter(Boolean)
    .join(' · ');
}

// Shared with the platform's feeds, which label chapters the same way.
export { ownChapterTitle } from '@warraq/contracts/browser';

/** A chapter number as URLs write it: 1, 1.5 (no trailing zeros); labels use lib/format. */
export function formatChapterNumber(chapterNumber: number): string {
  return String(Number(chapterNumber.toFixed(2)));
}
