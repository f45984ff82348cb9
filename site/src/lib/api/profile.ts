import {
  AwardPointsResponseSchema,
  BadgesResponseSchema,
  FavoritesResponseSchema,
  LibraryResponseSchema,
  POINTS_PATHS,
  PROFILE_PATHS,
  PointsResponseSchema,
  ProfileStatsResponseSchema,
  RecentActivityResponseSchema,
  UserListResponseSchema,
  type AwardPointsBody,
} from '@warraq/contracts';
import type { QueryKey } from '@/lib/query';
import { apiRequest } from './client';

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
  return (await apiRequest('GET', PROFILE_PATHS.stats, ProfileStatsResponseSchema)).data;
}

export async function fetchRecentActivity() {
  return (await apiRequest('GET', PROFILE_PATHS.activity, RecentActivityResponseSchema)).data;
}

export async function fetchBadges() {
  return (await apiRequest('GET', PROFILE_PATHS.badges, BadgesResponseSchema)).data;
}

/** The profile's library and favourites lists: this many per "load more". */
export const PROFILE_LIST_SIZE = 12;

function listQuery(page: number): string {
  return new URLSearchParams({ page: String(page), limit: String(PROFILE_LIST_SIZE) }).toString();
}

export function fetchLibrary(page: number) {
  return apiRequest('GET', `${PROFILE_PATHS.library}?${listQuery(page)}`, LibraryResponseSchema);
}

export function fetchFavorites(page: number) {
  return apiRequest('GET', `${PROFILE_PATHS.favorites}?${listQuery(page)}`, FavoritesResponseSchema);
}

export function fetchPoints(userId: number, page: number, limit = POINTS_PAGE_SIZE) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiRequest('GET', `${POINTS_PATHS.user(userId)}?${query.toString()}`, PointsResponseSchema);
}

export function awardPoints(body: AwardPointsBody) {
  return apiRequest('POST', POINTS_PATHS.award, AwardPointsResponseSchema, body);
}

/** The admin users list (`GET /api/users?search=`), first page: enough to pick one account. */
export async function searchUsers(search: string) {
  const query = new URLSearchParams({ search, page: '1' });
  return (await apiRequest('GET', `/api/users?${query.toString()}`, UserListResponseSchema)).data;
}
