import { LIBRARY_ROUTES, type ReadMarkBody, type SeriesType, type Shelf } from '@warraq/contracts';
import { api } from './client';

/** The library lists: this many per "load more". */
export const LIBRARY_PAGE_SIZE = 12;

/** One page of the reader's shelves of a type (every shelf, or the one named). */
export function fetchShelves(type: SeriesType, shelf: Shelf | null, page: number) {
  return api(LIBRARY_ROUTES.shelves, {
    query: { type, page, limit: LIBRARY_PAGE_SIZE, ...(shelf ? { shelf } : {}) },
  });
}

/** One page of the reader's history of a type, newest first. */
export function fetchHistory(type: SeriesType, page: number) {
  return api(LIBRARY_ROUTES.history, { query: { type, page, limit: LIBRARY_PAGE_SIZE } });
}

export function removeHistory(seriesId: number) {
  return api(LIBRARY_ROUTES.removeHistory, { params: { id: seriesId } });
}

export function clearHistory(type: SeriesType) {
  return api(LIBRARY_ROUTES.clearHistory, { query: { type } });
}

/** The chapter variants of a series the reader has read (their chapter-list markers). */
export async function fetchReadMarkers(seriesId: number) {
  return (await api(LIBRARY_ROUTES.readMarkers, { params: { id: seriesId } })).data.chapterIds;
}

/** Marks a chapter number (with `upTo`, every one up to it) read or unread; the markers after it. */
export async function markRead(seriesId: number, body: ReadMarkBody) {
  return (await api(LIBRARY_ROUTES.markRead, { params: { id: seriesId }, body })).data.chapterIds;
}
