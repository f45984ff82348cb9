import { z } from 'zod';
import { DEFAULT_CHAPTER_LANGUAGE } from '../content/content.constants.js';
import { ChapterLanguageSchema } from '../content/content.schemas.js';
import { NOVEL_IMPORT_LIMITS, NOVEL_TEXT_LIMITS } from './novel-text.constants.js';
import { NOVEL_IMPORT_MESSAGES, NOVEL_TEXT_MESSAGES, NovelTextFailureSchema } from './novel-text.messages.js';
import { NovelDocumentSchema } from './novel-text.structure.js';

/**
 * Novel chapters, written or imported (issue: "novels written and read as Arabic text"):
 *
 *   POST /api/manga/chapters/text            the text as structure → 201 { chapter } (pending)
 *   POST /api/manga/chapters/imports?name=   a .txt/.docx/.epub file's raw bytes → 202 { import }
 *   GET  /api/manga/chapters/imports/:id     the worker's reading of it: the text to review, or why not
 *
 * An import never creates a chapter: the author reviews the text in the editor, then submits it.
 */
export const NOVEL_CHAPTER_MESSAGES = {
  created: 'تم إرسال الفصل، وسيظهر للقراء بعد مراجعته',
  novelOnly: 'لا يمكن إضافة فصل نصي إلا لرواية',
  importQueued: 'جارٍ قراءة الملف',
  importDone: 'تمت قراءة الملف، راجع النص قبل الإرسال',
  importFailed: 'تعذّر استيراد الملف',
  importServerError: 'تعذّرت قراءة الملف بسبب خطأ في الخادم، يرجى المحاولة مجددًا',
  importNotFound: 'لم يتم العثور على الملف المستورد، يرجى رفعه مجددًا',
  importFileRequired: 'يرجى اختيار ملف نصي أو مستند وورد أو كتاب EPUB',
  importEmptyFile: 'الملف فارغ',
  /** The answer to a body past the route's limit, from the platform's parser or the edge. */
  bodyTooLarge: NOVEL_TEXT_MESSAGES.tooLong,
  fileTooLarge: NOVEL_IMPORT_MESSAGES.archiveFileTooLarge,
} as const;

/** The largest chapter file the import route takes (the archive limit; a .txt is checked again below it). */
export const NOVEL_IMPORT_BODY_BYTES = NOVEL_IMPORT_LIMITS.maxArchiveBytes;
/** The text route's JSON body limit, re-exported beside the route for the parsers that enforce it. */
export const NOVEL_TEXT_BODY_BYTES = NOVEL_TEXT_LIMITS.maxRequestBytes;

export const TextChapterCreatedSchema = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  chapterNumber: z.number(),
  language: ChapterLanguageSchema,
  words: z.number().int().nonnegative(),
  readingMinutes: z.number().int().nonnegative(),
  /** The reader of the new (pending) chapter: its author and staff may open it. */
  chapterPath: z.string(),
});
export type TextChapterCreated = z.infer<typeof TextChapterCreatedSchema>;

export const TextChapterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  chapter: TextChapterCreatedSchema,
});
export type TextChapterResponse = z.infer<typeof TextChapterResponseSchema>;

export const ChapterImportQuerySchema = z.object({
  name: z
    .string({ error: NOVEL_CHAPTER_MESSAGES.importFileRequired })
    .trim()
    .min(1, NOVEL_CHAPTER_MESSAGES.importFileRequired)
    .max(255),
  /** Only the reading time depends on it. */
  language: ChapterLanguageSchema.default(DEFAULT_CHAPTER_LANGUAGE),
});
export type ChapterImportQuery = z.input<typeof ChapterImportQuerySchema>;

export const CHAPTER_IMPORT_STATES = ['processing', 'done', 'failed'] as const;
export type ChapterImportState = (typeof CHAPTER_IMPORT_STATES)[number];

export const ChapterImportSchema = z.object({
  /** A UUID; also the worker's job id. */
  id: z.uuid(),
  state: z.enum(CHAPTER_IMPORT_STATES),
  fileName: z.string(),
  /** Once done: the text as it would be stored (normalised), for the editor. */
  text: NovelDocumentSchema.nullable(),
  words: z.number().int().nonnegative().nullable(),
  readingMinutes: z.number().int().nonnegative().nullable(),
  /** Once failed: why, in Arabic. */
  failure: NovelTextFailureSchema.nullable(),
});
export type ChapterImport = z.infer<typeof ChapterImportSchema>;

export const ChapterImportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  import: ChapterImportSchema,
});
export type ChapterImportResponse = z.infer<typeof ChapterImportResponseSchema>;

export const ChapterImportParamsSchema = z.object({ id: z.uuid() });
