import { z } from 'zod';
import { arabicNumber } from '../common/arabic-number.js';
import { DEFAULT_CHAPTER_LANGUAGE } from '../content/content.constants.js';
import { ChapterLanguageSchema, ChapterNumberSchema } from '../content/content.schemas.js';

/**
 * Chapter ingest (spec §2 "Add-chapter form", §5 "Chapter form" and "Files"), made real: the browser
 * declares the upload, sends each file's bytes, then commits; a worker processes the pages and the
 * uploader follows progress over `/ws` (or by polling the status).
 *
 *   POST /api/manga/chapters                          declare → 201 { upload }
 *   PUT  /api/manga/chapters/uploads/:id/files/:index raw bytes of one declared file → 200 { file }
 *   POST /api/manga/chapters/uploads/:id/commit       all files received → 202 { upload } (503 if the
 *                                                     queue is down: nothing is acknowledged, retry)
 *   GET  /api/manga/chapters/uploads/:id              status (its uploader, or staff)
 *   POST /api/manga/chapters/uploads/:id/retry        a failed upload, again → 202 { upload }
 *   DELETE /api/manga/chapters/uploads/:id            abandon an unfinished or failed upload
 */
export const UPLOAD_METHODS = ['images', 'zip'] as const;
export type UploadMethod = (typeof UPLOAD_METHODS)[number];

export const INGEST_LIMITS = {
  maxImages: 300,
  maxImageBytes: 10 * 1024 * 1024,
  maxZipBytes: 100 * 1024 * 1024,
  /**
   * Uploads one user may have queued or processing at once: the queue serves everyone's first
   * chapter before anyone's next, and this keeps one account from filling it for hours.
   */
  maxQueuedPerUser: 3,
  /** Spec §5: the zip's page estimate before the real count is known. */
  zipBytesPerPageEstimate: 100 * 1024,
  fileNameMax: 255,
  notesMax: 1000,
  chapterTitleMax: 255,
  translationGroupMax: 120,
  imageExtensions: ['jpg', 'jpeg', 'png', 'webp'] as const,
  imageContentTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  zipContentTypes: [
    'application/zip',
    'application/x-zip-compressed',
    'application/octet-stream',
    '',
  ] as const,
} as const;

/** Every Arabic text of the add-chapter flow (spec §5 and §8), shared by the API and the form. */
export const INGEST_MESSAGES = {
  mangaRequired: 'يرجى اختيار المانجا',
  chapterNumberRequired: 'يرجى إدخال رقم الفصل',
  languageRequired: 'يرجى اختيار اللغة',
  pageCountRequired: 'يرجى تحديد عدد الصفحات',
  invalidFiles: 'ملفات غير صالحة',
  zipOnly: 'ملفات غير صالحة: يُقبل ملف ZIP واحد فقط',
  imagesOnly: 'ملفات غير صالحة: يُقبل JPG وPNG وWebP فقط',
  tooManyFiles: 'عدد كبير من الملفات',
  oneZipOnly: 'عدد كبير من الملفات: ملف ZIP واحد فقط',
  maxImages: 'عدد كبير من الملفات: ٣٠٠ صورة كحد أقصى',
  noFiles: 'لم يتم اختيار ملفات',
  incomplete: 'رفع الملفات غير مكتمل',
  failed: 'فشل إضافة الفصل',
  mangaNotFound: 'لم يتم العثور على المانجا المحددة',
  mangaListFailed: 'خطأ في تحميل قائمة المانجا',
  mangaDataInvalid: 'خطأ في تحميل بيانات المانجا',
  success: 'تم إضافة الفصل بنجاح',
  declared: 'تم تسجيل الفصل، جارٍ رفع الملفات',
  queued: 'تم استلام الملفات، جارٍ معالجة الفصل',
  status: 'حالة رفع الفصل',
  deleted: 'تم حذف الرفع',
  imageTooLarge: 'حجم الصورة يتجاوز ١٠ ميغابايت',
  zipTooLarge: 'حجم ملف ZIP يتجاوز ١٠٠ ميغابايت',
  sizeMismatch: 'حجم الملف المرفوع لا يطابق الحجم المعلن',
  duplicateChapter: 'هذا الفصل موجود بالفعل بنفس اللغة وفريق الترجمة',
  notReceiving: 'لم يعد هذا الرفع يقبل ملفات',
  notRetryable: 'لا يمكن إعادة محاولة هذا الرفع',
  queueUnavailable: 'خدمة المعالجة غير متاحة مؤقتًا، يرجى المحاولة بعد قليل',
  tooManyUploads: 'لديك عمليات رفع غير مكتملة كثيرة، أكملها أو احذفها ثم حاول مجددًا',
  tooManyQueued: `لديك ${arabicNumber(INGEST_LIMITS.maxQueuedPerUser)} فصول قيد المعالجة بالفعل، انتظر اكتمال أحدها ثم أرسل هذا الفصل`,
  notDeletable: 'لا يمكن حذف هذا الرفع أثناء معالجته أو بعد اكتماله',
  imageSeriesOnly: 'لا يمكن رفع فصل مصوّر لرواية',
  processingFailed: 'تعذّرت معالجة الفصل بسبب خطأ في الخادم، يمكنك إعادة المحاولة',
  loginRequired: 'يرجى تسجيل الدخول',
} as const;

/** Why processing refused an upload: a code for programs and an Arabic message for the uploader. */
export const INGEST_FAILURE_CODES = [
  'not_an_image',
  'not_a_zip',
  'corrupt_image',
  'image_too_large',
  'pixels_too_many',
  'zip_empty',
  'zip_too_many_pages',
  'zip_unsafe_path',
  'zip_symlink',
  'zip_encrypted',
  'zip_nested_archive',
  'zip_too_large',
  'zip_ratio',
  'zip_corrupt',
  'hidden_characters',
  /** The pages together are more than one chapter may cost to process (pixels, slices or CPU time). */
  'chapter_too_large',
  /** The same variant was published while this upload was processing. */
  'duplicate_chapter',
  'internal',
] as const;
export type IngestFailureCode = (typeof INGEST_FAILURE_CODES)[number];

/**
 * Failures a retry of the same files can cure: the variant may be freed (its chapter rejected), a
 * transient fault may have passed. Such an upload keeps its originals (and counts as an open upload
 * while it does); any other failure is the files' own, and leaves nothing of them behind.
 */
export const RETRYABLE_INGEST_FAILURES: readonly IngestFailureCode[] = ['duplicate_chapter', 'internal'];
export const isRetryableFailure = (code: IngestFailureCode) => RETRYABLE_INGEST_FAILURES.includes(code);

export const IngestFailureSchema = z.object({
  code: z.enum(INGEST_FAILURE_CODES),
  message: z.string(),
  /** The file or zip entry at fault, when one is (sanitized for display). */
  file: z.string().nullable(),
});
export type IngestFailure = z.infer<typeof IngestFailureSchema>;

/**
 * The uploader's reading of each failure: specific, and naming the file or entry at fault (the name
 * passed in is already sanitized for display).
 */
export const INGEST_FAILURE_MESSAGES = {
  notAnImage: (name: string) => `الملف «${name}» ليس صورة JPG أو PNG أو WebP`,
  notAZip: (name: string) => `الملف «${name}» ليس ملف ZIP`,
  corruptImage: (name: string) => `الصورة «${name}» تالفة أو غير مكتملة`,
  imageTooLarge: (name: string) =>
    `حجم الصورة «${name}» يتجاوز ${arabicNumber(INGEST_LIMITS.maxImageBytes / (1024 * 1024))} ميغابايت`,
  pixelsTooMany: (name: string) => `أبعاد الصورة «${name}» كبيرة جدًا`,
  zipEmpty: 'الأرشيف لا يحتوي على أي صورة',
  zipTooManyPages: `الأرشيف يحتوي على أكثر من ${arabicNumber(INGEST_LIMITS.maxImages)} صفحة`,
  zipTooManyEntries: 'الأرشيف يحتوي على عدد كبير جدًا من الملفات',
  zipUnsafePath: (name: string) => `مسار غير آمن داخل الأرشيف: «${name}»`,
  zipSymlink: (name: string) => `الأرشيف يحتوي على رابط رمزي: «${name}»`,
  zipEncrypted: 'الأرشيف محمي بكلمة مرور، يرجى رفعه دون تشفير',
  zipNestedArchive: (name: string) => `أرشيف داخل الأرشيف غير مسموح: «${name}»`,
  zipTooLarge: 'حجم الأرشيف بعد فك الضغط يتجاوز الحد المسموح',
  zipRatio: (name: string) => `نسبة ضغط مريبة في «${name}»`,
  zipCorrupt: 'ملف ZIP تالف أو غير مكتمل',
  zipOverlapping: 'ملف ZIP غير صالح: ملفات متداخلة داخل الأرشيف',
  zipUnsupportedMethod: (name: string) =>
    `طريقة ضغط غير مدعومة في «${name}»، يرجى إنشاء الأرشيف بضغط zip العادي`,
  hiddenCharacters: (name: string) => `اسم الملف «${name}» يحتوي على محارف تحكم مخفية`,
  chapterTooLarge:
    'صفحات الفصل معًا أكبر من المسموح لفصل واحد (أبعاد كبيرة جدًا أو شرائح طويلة كثيرة)، يرجى تقسيمه إلى فصول أصغر',
  chapterTooSlow:
    'معالجة صفحات الفصل تستغرق وقتًا أطول من المسموح لفصل واحد، يرجى تقسيمه إلى فصول أصغر أو تصغير أبعاد الصور',
} as const;

/** receiving → queued → processing → done | failed (failed → queued again by retry). */
export const INGEST_STATES = ['receiving', 'queued', 'processing', 'done', 'failed'] as const;
export type IngestState = (typeof INGEST_STATES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const DeclaredFileSchema = z.object({
  name: z.string().trim().min(1, INGEST_MESSAGES.invalidFiles).max(INGEST_LIMITS.fileNameMax),
  size: z.number().int().positive(INGEST_MESSAGES.invalidFiles),
  type: z.string().max(100).default(''),
});
export type DeclaredFile = z.infer<typeof DeclaredFileSchema>;

/** Spec §3 "Chapter creation payload"; the server checks every limit again and trusts no count. */
export const CreateChapterUploadBodySchema = z.object({
  mangaId: z.coerce
    .number({ error: INGEST_MESSAGES.mangaRequired })
    .int()
    .positive(INGEST_MESSAGES.mangaRequired),
  chapterNumber: ChapterNumberSchema,
  title: optionalText(INGEST_LIMITS.chapterTitleMax),
  language: ChapterLanguageSchema.default(DEFAULT_CHAPTER_LANGUAGE),
  translationGroup: optionalText(INGEST_LIMITS.translationGroupMax),
  /** The browser's estimate (spec §5); informative only, the processed page count replaces it. */
  pageCount: z.coerce.number().int().min(1, INGEST_MESSAGES.pageCountRequired).max(100_000).optional(),
  notes: optionalText(INGEST_LIMITS.notesMax),
  uploadMethod: z.enum(UPLOAD_METHODS, { error: INGEST_MESSAGES.invalidFiles }),
  files: z
    .array(DeclaredFileSchema)
    .min(1, INGEST_MESSAGES.noFiles)
    .max(INGEST_LIMITS.maxImages, INGEST_MESSAGES.maxImages),
});
export type CreateChapterUploadBody = z.input<typeof CreateChapterUploadBodySchema>;
export type CreateChapterUploadInput = z.output<typeof CreateChapterUploadBodySchema>;

export const UploadFileStatusSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  size: z.number().int(),
  received: z.boolean(),
});
export type UploadFileStatus = z.infer<typeof UploadFileStatusSchema>;

export const ChapterUploadSchema = z.object({
  /** A UUID; also the BullMQ job id. */
  id: z.uuid(),
  state: z.enum(INGEST_STATES),
  uploadMethod: z.enum(UPLOAD_METHODS),
  mangaId: z.number().int(),
  mangaSlug: z.string(),
  chapterNumber: z.number(),
  language: ChapterLanguageSchema,
  files: z.array(UploadFileStatusSchema),
  /** Pages processed so far and the total once known (null until a zip has been listed). */
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  /** Set once done: the pending chapter and where its reader lives. */
  chapterId: z.number().int().nullable(),
  chapterPath: z.string().nullable(),
  failure: IngestFailureSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChapterUpload = z.infer<typeof ChapterUploadSchema>;

export const ChapterUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  upload: ChapterUploadSchema,
});
export type ChapterUploadResponse = z.infer<typeof ChapterUploadResponseSchema>;

export const UploadFileResponseSchema = z.object({
  success: z.literal(true),
  file: UploadFileStatusSchema,
});
export type UploadFileResponse = z.infer<typeof UploadFileResponseSchema>;

/** `:id` of an upload route: anything but a UUID names no upload (404, like an unknown one). */
export const UploadIdParamsSchema = z.object({ id: z.uuid() });
export const UploadFileParamsSchema = z.object({
  id: z.uuid(),
  index: z.coerce.number().int().min(0).max(100_000),
});

/** Spec §5: the zip's page estimate is its size over 100 KB, rounded up, at least 1. */
export function estimateZipPages(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / INGEST_LIMITS.zipBytesPerPageEstimate));
}
