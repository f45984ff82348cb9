import {
  FOLLOW_ROUTES,
  type ChapterLanguage,
  type SeriesFollowBody,
  type SeriesType,
  type Shelf,
} from '@warraq/contracts';
import { api } from './client';

export async function fetchSeriesFollow(id: number) {
  return (await api(FOLLOW_ROUTES.seriesState, { params: { id } })).data;
}

/** Follows the series; with `groups`, also sets its preferred and hidden translation groups. */
export async function followSeries(id: number, groups?: SeriesFollowBody) {
  return (await api(FOLLOW_ROUTES.followSeries, { params: { id }, ...(groups ? { body: groups } : {}) }))
    .data;
}

export async function unfollowSeries(id: number) {
  return (await api(FOLLOW_ROUTES.unfollowSeries, { params: { id } })).data;
}

export async function fetchUserFollow(id: number) {
  return (await api(FOLLOW_ROUTES.userState, { params: { id } })).data;
}

export async function setUserFollow(id: number, follow: boolean) {
  const route = follow ? FOLLOW_ROUTES.followUser : FOLLOW_ROUTES.unfollowUser;
  return (await api(route, { params: { id } })).data;
}

export async function fetchReaderLanguages() {
  return (await api(FOLLOW_ROUTES.preferences)).data.languages;
}

export async function saveReaderLanguages(languages: ChapterLanguage[]) {
  return (await api(FOLLOW_ROUTES.savePreferences, { body: { languages } })).data.languages;
}

/** One page of the updates feed of a site's type; `cursor` from the previous page. */
export function fetchUpdates(type: SeriesType, cursor: string | null) {
  return api(FOLLOW_ROUTES.updates, { query: { type, ...(cursor ? { cursor } : {}) } });
}

export async function fetchShelf(id: number) {
  return (await api(FOLLOW_ROUTES.shelf, { params: { id } })).data.shelf;
}

/** Puts the series on a shelf, or takes it off the reading list with null. */
export async function setShelf(id: number, shelf: Shelf | null) {
  const answer = shelf
    ? await api(FOLLOW_ROUTES.setShelf, { params: { id }, body: { shelf } })
    : await api(FOLLOW_ROUTES.clearShelf, { params: { id } });
  return answer.data.shelf;
}
