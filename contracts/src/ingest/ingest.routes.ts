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
    summary: 'Declare a chapter upload and its files',
    body: CreateChapterUploadBodySchema,
    status: 201,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  file: {
    method: 'put',
    path: '/api/manga/chapters/uploads/{id}/files/{index}',
    ...ONE_UPLOAD,
    summary: 'Send the bytes of one declared file',
    params: UploadFileParamsSchema,
    rawBody: { contentTypes: ['application/octet-stream'], description: 'The raw file, streamed.' },
    status: 200,
    response: UploadFileResponseSchema,
    errors: [409, 413],
  },
  commit: {
    method: 'post',
    path: '/api/manga/chapters/uploads/{id}/commit',
    ...ONE_UPLOAD,
    summary: 'Queue the received files for processing',
    status: 202,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  retry: {
    method: 'post',
    path: '/api/manga/chapters/uploads/{id}/retry',
    ...ONE_UPLOAD,
    summary: 'Process a failed upload again',
    status: 202,
    response: ChapterUploadResponseSchema,
    errors: [409, 503],
  },
  upload: {
    method: 'get',
    path: '/api/manga/chapters/uploads/{id}',
    ...ONE_UPLOAD,
    summary: "An upload's state and progress",
    status: 200,
    response: ChapterUploadResponseSchema,
  },
  remove: {
    method: 'delete',
    path: '/api/manga/chapters/uploads/{id}',
    ...ONE_UPLOAD,
    summary: 'Cancel an upload and drop its files',
    status: 200,
    response: MessageResponseSchema,
    errors: [409],
  },
  createText: {
    method: 'post',
    path: '/api/manga/chapters/text',
    ...UPLOAD_ROUTE,
    summary: 'Submit a novel chapter written as text (pending until approved)',
    description:
      'The text is the strict structure of paragraphs, dialogue and scene breaks, never HTML; it is normalised (bidi and zero-width controls removed) and checked again before it is stored.',
    body: TextChapterBodySchema,
    status: 201,
    response: TextChapterResponseSchema,
    errors: [409, 413],
  },
  importFile: {
    method: 'post',
    path: '/api/manga/chapters/imports',
    ...UPLOAD_ROUTE,
    summary: 'Read a .txt, .docx or .epub chapter file into text (in the worker)',
    query: ChapterImportQuerySchema,
    rawBody: { contentTypes: ['application/octet-stream'], description: 'The chapter file, 20 MB at most.' },
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
    summary: 'The state of a chapter file import, and its text once read',
    status: 200,
    response: ChapterImportResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
