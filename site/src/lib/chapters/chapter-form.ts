import { z } from 'zod';
import {
  CHAPTER_LANGUAGES,
  ChapterNumberSchema,
  INGEST_LIMITS,
  INGEST_MESSAGES,
  type CreateChapterUploadBody,
  type NovelText,
  type TextChapterBody,
  type DeclaredFile,
  type UploadMethod,
} from '@warraq/contracts';
import { fmt, t } from '@/i18n';

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/**
 * A chapter number as typed on any keyboard: Arabic-Indic and Persian digits become ASCII, and the
 * Arabic decimal separator (٫) or a comma becomes a dot. '١٫٥' → '1.5'.
 */
export function normalizeChapterNumber(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - EXTENDED_ARABIC_INDIC_ZERO))
    .replace(/[٫,،]/g, '.');
}

/** The number a chapter-number field holds, or null while it is not one (spec §5: decimals like 1.5). */
export function parseChapterNumber(text: string): number | null {
  const normalized = normalizeChapterNumber(text);
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  const parsed = ChapterNumberSchema.safeParse(normalized);
  return parsed.success ? parsed.data : null;
}

/** Spec §5 title default, 'Chapter {n}' in Arabic (the page's numerals); empty while the number is not valid. */
export function defaultChapterTitle(numberText: string): string {
  const n = parseChapterNumber(numberText);
  return n === null ? '' : fmt(t.chapterForm.defaultTitle, { n });
}

/** The form's own values: strings, as inputs hold them. */
export const ChapterFormSchema = z.object({
  mangaId: z.string().regex(/^\d+$/, INGEST_MESSAGES.mangaRequired),
  chapterNumber: z
    .string()
    .refine((text) => normalizeChapterNumber(text) !== '', INGEST_MESSAGES.chapterNumberRequired)
    .refine((text) => parseChapterNumber(text) !== null, t.chapterForm.chapterNumberInvalid),
  title: z.string().trim().max(INGEST_LIMITS.chapterTitleMax),
  language: z.enum(CHAPTER_LANGUAGES, { error: INGEST_MESSAGES.languageRequired }),
  translationGroup: z.string().trim().max(INGEST_LIMITS.translationGroupMax),
  notes: z.string().trim().max(INGEST_LIMITS.notesMax),
});
export type ChapterFormValues = z.infer<typeof ChapterFormSchema>;

export const CHAPTER_FORM_FIELDS = [
  'mangaId',
  'chapterNumber',
  'title',
  'language',
  'translationGroup',
  'notes',
] as const satisfies readonly (keyof ChapterFormValues)[];

export const EMPTY_CHAPTER_FORM: ChapterFormValues = {
  mangaId: '',
  chapterNumber: '',
  title: '',
  language: 'AR',
  translationGroup: '',
  notes: '',
};

/** The declare call's body (spec §3 "Chapter creation payload"); the server trusts none of the counts. */
export function toDeclareBody(
  values: ChapterFormValues,
  uploadMethod: UploadMethod,
  files: readonly DeclaredFile[],
  pageCount: number,
): CreateChapterUploadBody {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    mangaId: Number(values.mangaId),
    chapterNumber: parseChapterNumber(values.chapterNumber) ?? Number.NaN,
    title: optional(values.title) ?? defaultChapterTitle(values.chapterNumber),
    language: values.language,
    translationGroup: optional(values.translationGroup),
    notes: optional(values.notes),
    pageCount: Math.max(1, pageCount),
    uploadMethod,
    files: files.map(({ name, size, type }) => ({ name, size, type })),
  };
}

/** A novel chapter's body: the form's fields and the editor's structure (the server checks it all again). */
export function toTextChapterBody(values: ChapterFormValues, text: NovelText): TextChapterBody {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    seriesId: Number(values.mangaId),
    chapterNumber: parseChapterNumber(values.chapterNumber) ?? Number.NaN,
    title: optional(values.title) ?? defaultChapterTitle(values.chapterNumber),
    language: values.language,
    translationGroup: optional(values.translationGroup),
    notes: optional(values.notes),
    text,
  };
}

/**
 * Where a field error of the declare or text answer belongs: the form's own inputs (`seriesId` is
 * the series select), the file area (for `files`, `files.3.size`, `uploadMethod` and `pageCount`),
 * or the novel text editor (`text`, `text.blocks.3`).
 */
export function fieldOfServerError(field: string): keyof ChapterFormValues | 'files' | 'text' | null {
  const own = CHAPTER_FORM_FIELDS.find((name) => name === field);
  if (own) return own;
  if (field === 'seriesId') return 'mangaId';
  if (field === 'text' || field.startsWith('text.')) return 'text';
  if (field === 'files' || field.startsWith('files.') || field === 'uploadMethod' || field === 'pageCount') {
    return 'files';
  }
  return null;
}
