import { z } from 'zod';
import { NOVEL_IMPORT_LIMITS, NOVEL_TEXT_LIMITS } from './novel-text.constants.js';
import { arabicNumber } from '../common/arabic-number.js';

const MiB = 1024 * 1024;
/** An Arabic word in UTF-8: five to six letters of two bytes each, and a space. */
const ARABIC_BYTES_PER_WORD = 11;
const maxArabicThousandWords = Math.floor(NOVEL_TEXT_LIMITS.maxTextBytes / ARABIC_BYTES_PER_WORD / 1000);

/** Every Arabic text of a refused text chapter, shared by the API, the worker and the editor. */
export const NOVEL_TEXT_MESSAGES = {
  novelRequired: 'يرجى اختيار الرواية',
  invalidStructure: 'بنية نص الفصل غير صالحة',
  empty: 'نص الفصل فارغ',
  tooLong: `نص الفصل أطول من الحد المسموح (${arabicNumber(NOVEL_TEXT_LIMITS.maxTextBytes / 1024)} كيلوبايت، نحو ${arabicNumber(maxArabicThousandWords)} ألف كلمة)؛ قسّمه إلى أكثر من فصل`,
  tooManyBlocks: `الفصل يحتوي على أكثر من ${arabicNumber(NOVEL_TEXT_LIMITS.maxBlocks)} فقرة؛ قسّمه إلى أكثر من فصل`,
  paragraphTooLong: (position: number) =>
    `الفقرة ${arabicNumber(position)} أطول من ${arabicNumber(NOVEL_TEXT_LIMITS.maxParagraphChars)} حرف؛ قسّمها إلى فقرات`,
  tooManyRuns: 'تنسيق الفصل مجزّأ أكثر من اللازم (تبديل كثير بين الخط العادي والمائل والعريض)',
} as const;

/** Every Arabic text of a refused chapter file; `name` is the file or archive part, shown safely. */
export const NOVEL_IMPORT_MESSAGES = {
  unsupportedType: 'نوع الملف غير مدعوم: يُقبل ملف نصي أو مستند وورد أو كتاب EPUB',
  txtTooLarge: `حجم الملف النصي يتجاوز ${arabicNumber(NOVEL_IMPORT_LIMITS.maxTxtBytes / MiB)} ميغابايت`,
  archiveFileTooLarge: `حجم الملف يتجاوز ${arabicNumber(NOVEL_IMPORT_LIMITS.maxArchiveBytes / MiB)} ميغابايت`,
  notText: (name: string) => `الملف «${name}» ليس ملفًا نصيًا`,
  encoding: (name: string) => `تعذّرت قراءة ترميز الملف «${name}»؛ احفظه بترميز UTF-8`,
  legacyDoc: 'مستندات وورد القديمة غير مدعومة؛ احفظ المستند بصيغة وورد الحديثة ثم أعد رفعه',
  notADocx: (name: string) => `الملف «${name}» ليس مستند وورد صالحًا`,
  notAnEpub: (name: string) => `الملف «${name}» ليس كتاب EPUB صالحًا`,
  epubProtected: 'كتاب EPUB محمي بإدارة الحقوق الرقمية ولا يمكن استيراده',
  archiveUnsafePath: (name: string) => `مسار غير آمن داخل الملف: «${name}»`,
  archiveHiddenCharacters: (name: string) => `اسم جزء داخل الملف يحتوي على محارف تحكم مخفية: «${name}»`,
  archiveSymlink: (name: string) => `الملف يحتوي على رابط رمزي: «${name}»`,
  archiveEncrypted: 'الملف محمي بكلمة مرور، يرجى رفعه دون تشفير',
  archiveTooManyEntries: 'الملف يحتوي على عدد كبير جدًا من الأجزاء الداخلية',
  archiveTooLarge: 'حجم الملف بعد فك الضغط يتجاوز الحد المسموح',
  archiveRatio: (name: string) => `نسبة ضغط مريبة في «${name}»`,
  archiveCorrupt: 'الملف تالف أو غير مكتمل',
  xmlEntities: (name: string) => `«${name}» يحتوي على تعريفات كيانات XML غير مسموح بها`,
  xmlMalformed: (name: string) => `محتوى «${name}» تالف (XML غير صالح)`,
  tooSlow: 'استغرقت قراءة الملف وقتًا أطول من المسموح؛ تأكد من أنه يحتوي على فصل واحد',
} as const;

/** Why a text chapter or chapter file was refused: a code for programs, beside the Arabic message. */
export const NOVEL_TEXT_FAILURE_CODES = [
  'unsupported_type',
  'file_too_large',
  'not_text',
  'encoding',
  'legacy_doc',
  'not_a_docx',
  'not_an_epub',
  'epub_protected',
  'archive_unsafe_path',
  'archive_hidden_characters',
  'archive_symlink',
  'archive_encrypted',
  'archive_too_many_entries',
  'archive_too_large',
  'archive_ratio',
  'archive_corrupt',
  'xml_entities',
  'xml_malformed',
  'too_slow',
  'text_empty',
  'text_too_long',
  'too_many_blocks',
  'paragraph_too_long',
  'too_many_runs',
  /** The server failed reading the file (not the file's fault): trying again may help. */
  'internal',
] as const;
export type NovelTextFailureCode = (typeof NOVEL_TEXT_FAILURE_CODES)[number];

export const NovelTextFailureSchema = z.object({
  code: z.enum(NOVEL_TEXT_FAILURE_CODES),
  message: z.string(),
  /** The file or archive part at fault, when one is (sanitized for display). */
  file: z.string().nullable(),
});
export type NovelTextFailure = z.infer<typeof NovelTextFailureSchema>;
