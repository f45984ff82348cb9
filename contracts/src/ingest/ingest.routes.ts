import { MessageResponseSchema } from '../auth/auth.schemas.js';
import type { ApiRoute } from '../common/api-route.js';
import {
  ChapterImportParamsSchema,
  ChapterImportQuerySchema,
  ChapterImportResponseSchema,
  TextChapterResponseSchema,
} from '../novel/novel-chapter.schemas.js';
import { TextChapterBodySchema } from '../novel/novel-text.schemas.js';
import {
  ChapterUploadResponseSchema,
  CreateChapterUploadBodySchema,
  INGEST_MESSAGES,
  UploadFileParamsSchema,
  UploadFileResponseSchema,
  UploadIdParamsSchema,
} from './ingest.schemas.js';

/** Every upload route: signed-in uploaders only, guests told to sign in. */
const UPLOAD_ROUTE = {
  tag: 'Chapter uploads',
  access: 'authenticated',
  loginMessage: INGEST_MESSAGES.loginRequired,
} as const;

/** A route naming one upload: anything but a UUID names none (404, like an unknown id). */
const ONE_UPLOAD = { ...UPLOAD_ROUTE, params: UploadIdParamsSchema, malformedParams: 'notFound' } as const;

/**
 * Spec §2 "Add-chapter form" made real: declare, send each file, commit; then follow or act on it.
 * A malformed upload id names no upload: 404, the same answer as an unknown or someone else's one.
 */
export const INGEST_ROUTES = {
  declare: {
    method: 'post',
    path: '/api/manga/chapters',
    ...UPLOAD_ROUTE,
    summary: 'الإعلان عن رفع فصل وملفاته',
    body: CreateChapterUploadBodySchema,
    status: 201,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  file: {
    method: 'put',
    path: '/api/manga/chapters/uploads/{id}/files/{index}',
    ...ONE_UPLOAD,
    summary: 'إرسال بيانات ملف معلن عنه',
    params: UploadFileParamsSchema,
    rawBody: { contentTypes: ['application/octet-stream'], description: 'الملف الخام متدفقًا.' },
    status: 200,
    response: UploadFileResponseSchema,
    errors: [409, 413],
  },
  commit: {
    method: 'post',
    path: '/api/manga/chapters/uploads/{id}/commit',
    ...ONE_UPLOAD,
    summary: 'إدراج الملفات المستلمة في طابور المعالجة',
    status: 202,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  retry: {
    method: 'post',
    path: '/api/manga/chapters/uploads/{id}/retry',
    ...ONE_UPLOAD,
    summary: 'إعادة معالجة رفع فاشل',
    status: 202,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  upload: {
    method: 'get',
    path: '/api/manga/chapters/uploads/{id}',
    ...ONE_UPLOAD,
    summary: 'حالة الرفع وتقدّمه',
    status: 200,
    response: ChapterUploadResponseSchema,
  },
  remove: {
    method: 'delete',
    path: '/api/manga/chapters/uploads/{id}',
    ...ONE_UPLOAD,
    summary: 'إلغاء الرفع وحذف ملفاته',
    status: 200,
    response: MessageResponseSchema,
    errors: [409],
  },
  createText: {
    method: 'post',
    path: '/api/manga/chapters/text',
    ...UPLOAD_ROUTE,
    summary: 'إرسال فصل رواية مكتوب نصًا (قيد المراجعة حتى يُعتمد)',
    description:
      'النص بنية صارمة من فقرات وحوار وفواصل مشاهد، لا HTML أبدًا؛ يُوحَّد (تُزال محارف التحكم في الاتجاه والمحارف الصفرية العرض) ويُفحص مجددًا قبل حفظه.',
    body: TextChapterBodySchema,
    status: 201,
    response: TextChapterResponseSchema,
    errors: [409, 413],
  },
  importFile: {
    method: 'post',
    path: '/api/manga/chapters/imports',
    ...UPLOAD_ROUTE,
    summary: 'قراءة ملف فصل نصي أو وورد أو كتاب إلكتروني إلى نص (في عامل المعالجة)',
    query: ChapterImportQuerySchema,
    rawBody: {
      contentTypes: ['application/octet-stream'],
      description: 'ملف الفصل، عشرون ميغابايت على الأكثر.',
    },
    status: 202,
    response: ChapterImportResponseSchema,
    errors: [413, 503],
  },
  importStatus: {
    method: 'get',
    path: '/api/manga/chapters/imports/{id}',
    ...UPLOAD_ROUTE,
    params: ChapterImportParamsSchema,
    malformedParams: 'notFound',
    summary: 'حالة استيراد ملف فصل، ونصه بعد قراءته',
    status: 200,
    response: ChapterImportResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
