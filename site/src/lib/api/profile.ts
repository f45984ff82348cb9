import {
  AwardPointsResponseSchema,
  BadgesResponseSchema,
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
