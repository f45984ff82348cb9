import {
  POINTS_ROUTES,
  PROFILE_ROUTES,
  USER_ROUTES,
  type AwardPointsBody,
  type SeriesType,
} from '@warraq/contracts';
import type { QueryKey } from '@/lib/query';
import { api } from './client';

/** The admin points page's history size. */
export const POINTS_PAGE_SIZE = 10;

/** `['profile', …]` and `['points', …]`: an award invalidates both (the balance shows in each). */
export const PROFILE_KEYS = {
  stats: ['profile', 'stats'],
  activity: ['profile', 'activity'],
  badges: ['profile', 'badges'],
  points: (userId: number, page: number): QueryKey => ['points', userId, page],
  users: (search: string): QueryKey => ['points', 'users', search],
} as const;

export async function fetchProfileStats() {
  return (await api(PROFILE_ROUTES.stats)).data;
}

export async function fetchRecentActivity() {
  return (await api(PROFILE_ROUTES.activity)).data;
}

export async function fetchBadges() {
  return (await api(PROFILE_ROUTES.badges)).data;
}

/** The profile's library and favourites lists: this many per "load more". */
export const PROFILE_LIST_SIZE = 12;

export function fetchLibrary(page: number) {
  return api(PROFILE_ROUTES.library, { query: { page, limit: PROFILE_LIST_SIZE } });
}

/** One page of the reader's favourites: every type (the profile), or one site's type (its /library). */
export function fetchFavorites(page: number, type?: SeriesType) {
  return api(PROFILE_ROUTES.favorites, {
    query: { page, limit: PROFILE_LIST_SIZE, ...(type ? { type } : {}) },
  });
}

export function fetchPoints(userId: number, page: number, limit = POINTS_PAGE_SIZE) {
  return api(POINTS_ROUTES.ofUser, { params: { userId }, query: { page, limit } });
}

export function awardPoints(body: AwardPointsBody) {
  return api(POINTS_ROUTES.award, { body });
}

/** The admin users list (`USER_ROUTES.list`, `?search=`), first page: enough to pick one account. */
export async function searchUsers(search: string) {
  return (await api(USER_ROUTES.list, { query: { search, page: 1 } })).data;
}
