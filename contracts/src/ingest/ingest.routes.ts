import { MessageResponseSchema } from '../auth/auth.schemas.js';
import type { ApiRoute } from '../common/api-route.js';
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
} as const satisfies Record<string, ApiRoute>;
