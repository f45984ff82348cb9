import { z } from 'zod';
import type { ApiRoute } from '../common/api-route.js';
import { COVER_UPLOAD, CoverUploadResponseSchema } from '../content/content.schemas.js';

/** `/media/{key}`: the raw key; the platform looks it up as it is and answers 404 for anything unknown. */
const MediaKeyParamsSchema = z.object({ key: z.string().min(1) });

/** Cover uploads and stored images. */
export const MEDIA_ROUTES = {
  uploadCover: {
    method: 'post',
    path: '/api/media/covers',
    tag: 'Media',
    summary: 'رفع صورة غلاف (JPEG أو PNG أو WebP، حتى عشرة ميغابايت)',
    access: 'authenticated',
    rawBody: { contentTypes: COVER_UPLOAD.contentTypes, description: 'بيانات الصورة.' },
    status: 201,
    response: CoverUploadResponseSchema,
    errors: [413, 415],
  },
  file: {
    method: 'get',
    path: '/media/{key}',
    tag: 'Media',
    summary: 'صورة محفوظة (ثابتة، عنوانها من محتواها؛ خارج مسارات الواجهة البرمجية)',
    access: 'public',
    params: MediaKeyParamsSchema,
    status: 200,
    rawResponse: {
      contentTypes: ['image/webp', ...COVER_UPLOAD.contentTypes],
      description: 'بيانات الصورة.',
    },
  },
} as const satisfies Record<string, ApiRoute>;
