import {
  CONTENT_ROUTES,
  FOLLOW_ROUTES,
  SeriesListResponseSchema,
  type ChapterReader,
  type HomeFeedResponse,
  type SearchResponse,
  type SeriesDetail,
  type SeriesListResponse,
  type SeriesType,
  type UserStatusResponse,
} from '@warraq/contracts';
import { ApiError } from './api-error';
import { platformGet, type ForwardedRequest } from './platform';

/**
 * What the content pages ask the platform on the server side (the browser's cookie forwarded, so a
 * creator sees their own pending work). Each answer is the data, `notFound`, or `failed`.
 */
export type PageData<T> = { kind: 'ok'; data: T } | { kind: 'notFound' } | { kind: 'failed'; status: number };

async function load<T>(get: () => Promise<T>): Promise<PageData<T>> {
  try {
    return { kind: 'ok', data: await get() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'notFound' };
    return { kind: 'failed', status: error instanceof ApiError ? error.status : 0 };
  }
}

/** The home feed: mixed for the manga home (spec §7), one type's for that type's site. */
export function loadHomeFeed(
  forwarded: ForwardedRequest,
  type?: SeriesType,
): Promise<PageData<HomeFeedResponse>> {
  return load(() => platformGet(CONTENT_ROUTES.homeFeed, { query: type ? { type } : {} }, forwarded));
}

export function loadSeriesList(
  query: URLSearchParams,
  forwarded: ForwardedRequest,
): Promise<PageData<SeriesListResponse>> {
  return load(() =>
    platformGet(CONTENT_ROUTES.list, { query }, forwarded, { answer: SeriesListResponseSchema }),
  );
}

/** `/search?q=`: one type's page of matches (or every type's) and the count of each type. */
export function loadSearch(
  query: URLSearchParams,
  forwarded: ForwardedRequest,
): Promise<PageData<SearchResponse>> {
  return load(() => platformGet(CONTENT_ROUTES.search, { query }, forwarded));
}

export async function loadSeries(slug: string, forwarded: ForwardedRequest): Promise<PageData<SeriesDetail>> {
  const answer = await load(() => platformGet(CONTENT_ROUTES.seriesBySlug, { params: { slug } }, forwarded));
  return answer.kind === 'ok' ? { kind: 'ok', data: answer.data.data } : answer;
}

/** A series named by its id (digits) or its slug, as `?manga=` of the add-chapter form names it. */
export async function loadSeriesByRef(
  ref: string,
  forwarded: ForwardedRequest,
): Promise<PageData<SeriesDetail>> {
  if (!/^\d{1,12}$/.test(ref)) return loadSeries(ref, forwarded);
  const answer = await load(() => platformGet(CONTENT_ROUTES.seriesById, { params: { id: ref } }, forwarded));
  return answer.kind === 'ok' ? { kind: 'ok', data: answer.data.data } : answer;
}

export async function loadChapter(
  slug: string,
  chapterNumber: string,
  query: URLSearchParams,
  forwarded: ForwardedRequest,
): Promise<PageData<ChapterReader>> {
  const answer = await load(() =>
    platformGet(CONTENT_ROUTES.chapter, { params: { slug, chapterNumber }, query }, forwarded),
  );
  return answer.kind === 'ok' ? { kind: 'ok', data: answer.data.data } : answer;
}

/** The signed-in user's like, favourite, rating, progress and reading mode; null when unknown. */
export async function loadUserStatus(
  contentId: number,
  chapterId: number | null,
  forwarded: ForwardedRequest,
): Promise<UserStatusResponse | null> {
  const answer = await load(() =>
    platformGet(
      CONTENT_ROUTES.userStatus,
      { query: { contentId, chapterId: chapterId ?? undefined } },
      forwarded,
    ),
  );
  return answer.kind === 'ok' ? answer.data : null;
}

/** A random approved series of the type (the /random page), or null when there is none. */
export function loadRandomSeries(type: SeriesType, forwarded: ForwardedRequest) {
  return load(
    async () => (await platformGet(FOLLOW_ROUTES.randomSeries, { query: { type } }, forwarded)).data,
  );
}
