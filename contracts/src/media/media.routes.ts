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
    summary: 'Upload a cover image (JPEG, PNG or WebP, up to 10 MB)',
    access: 'authenticated',
    rawBody: { contentTypes: COVER_UPLOAD.contentTypes, description: 'The image bytes.' },
    status: 201,
    response: CoverUploadResponseSchema,
    errors: [413, 415],
  },
  file: {
    method: 'get',
    path: '/media/{key}',
    tag: 'Media',
    summary: 'A stored image (immutable, content-addressed; outside /api)',
    access: 'public',
    params: MediaKeyParamsSchema,
    status: 200,
    rawResponse: {
      contentTypes: ['image/webp', ...COVER_UPLOAD.contentTypes],
      description: 'The image bytes.',
    },
  },
} as const satisfies Record<string, ApiRoute>;
