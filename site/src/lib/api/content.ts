import { z } from 'zod';
import {
  CreateContentResponseSchema,
  FavoriteResponseSchema,
  LikeResponseSchema,
  RateResponseSchema,
  UserStatusResponseSchema,
  type CreateContentBody,
  type ReadingMode,
} from '@warraq/contracts';
import { apiRequest } from './client';

export function likeChapter(contentId: number, chapterId: number, like: boolean) {
  return apiRequest('POST', '/api/content/like', LikeResponseSchema, {
    contentId,
    chapterId,
    action: like ? 'like' : 'unlike',
  });
}

export function favoriteSeries(contentId: number, add: boolean) {
  return apiRequest('POST', '/api/content/favorite', FavoriteResponseSchema, {
    contentId,
    action: add ? 'add' : 'remove',
  });
}

export function fetchUserStatus(contentId: number, chapterId?: number) {
  const query = new URLSearchParams({ contentId: String(contentId) });
  if (chapterId !== undefined) query.set('chapterId', String(chapterId));
  return apiRequest('GET', `/api/content/user-status?${query.toString()}`, UserStatusResponseSchema);
}

export function rateSeries(contentId: number, score: number) {
  return apiRequest('POST', '/api/content/rate', RateResponseSchema, { contentId, score });
}

/** Any 2xx means the progress was stored; the answer carries nothing the reader uses. */
export function saveProgress(body: {
  contentId: number;
  chapterId: number;
  page: number;
  readingMode?: ReadingMode;
}) {
  return apiRequest('POST', '/api/content/progress', z.unknown(), body, { keepalive: true });
}

/** Spec §9: the manga create call gives up after 15 s. */
export const CREATE_TIMEOUT_MS = 15_000;

export function createContent(body: CreateContentBody) {
  return apiRequest('POST', '/api/content', CreateContentResponseSchema, body, {
    timeoutMs: CREATE_TIMEOUT_MS,
  });
}
