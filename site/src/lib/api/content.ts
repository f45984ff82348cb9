import { CONTENT_ROUTES, type CreateContentBody, type ReadingMode } from '@warraq/contracts';
import { api } from './client';

export function likeChapter(contentId: number, chapterId: number, like: boolean) {
  return api(CONTENT_ROUTES.like, { body: { contentId, chapterId, action: like ? 'like' : 'unlike' } });
}

export function favoriteSeries(contentId: number, add: boolean) {
  return api(CONTENT_ROUTES.favorite, { body: { contentId, action: add ? 'add' : 'remove' } });
}

export function fetchUserStatus(contentId: number, chapterId?: number) {
  return api(CONTENT_ROUTES.userStatus, { query: { contentId, chapterId } });
}

export function rateSeries(contentId: number, score: number) {
  return api(CONTENT_ROUTES.rate, { body: { contentId, score } });
}

/** The answer carries nothing the reader uses: a 2xx means the progress was stored. */
export function saveProgress(body: {
  contentId: number;
  chapterId: number;
  page: number;
  readingMode?: ReadingMode;
  /** A text chapter's block at the top of the screen. */
  paragraph?: number;
}) {
  return api(CONTENT_ROUTES.progress, { body }, { keepalive: true });
}

/** Spec §9: the manga create call gives up after 15 s. */
export const CREATE_TIMEOUT_MS = 15_000;

export function createContent(body: CreateContentBody) {
  return api(CONTENT_ROUTES.create, { body }, { timeoutMs: CREATE_TIMEOUT_MS });
}
