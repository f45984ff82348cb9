import type { ApiRoute } from '../common/api-route.js';
import {
  BadgesResponseSchema,
  FavoritesResponseSchema,
  LibraryResponseSchema,
  ProfileListQuerySchema,
  ProfileStatsResponseSchema,
  RecentActivityResponseSchema,
} from './profile.schemas.js';

/** The profile page's figures, computed from the signed-in user's activity. */
export const PROFILE_ROUTES = {
  stats: {
    method: 'get',
    path: '/api/user/profile-stats',
    tag: 'Profile',
    summary: "The signed-in user's profile figures, computed from their activity",
    access: 'authenticated',
    status: 200,
    response: ProfileStatsResponseSchema,
  },
  activity: {
    method: 'get',
    path: '/api/user/recent-activity',
    tag: 'Profile',
    summary: 'The 20 latest things the signed-in user read, liked, commented on or added',
    access: 'authenticated',
    status: 200,
    response: RecentActivityResponseSchema,
  },
  library: {
    method: 'get',
    path: '/api/user/library',
    tag: 'Profile',
    summary: 'The series the signed-in user is reading, with where they stopped',
    access: 'authenticated',
    query: ProfileListQuerySchema,
    status: 200,
    response: LibraryResponseSchema,
  },
  favorites: {
    method: 'get',
    path: '/api/user/favorites',
    tag: 'Profile',
    summary: "The signed-in user's favourite series",
    access: 'authenticated',
    query: ProfileListQuerySchema,
    status: 200,
    response: FavoritesResponseSchema,
  },
  badges: {
    method: 'get',
    path: '/api/user/badges',
    tag: 'Profile',
    summary: 'Badges the signed-in user has earned',
    access: 'authenticated',
    status: 200,
    response: BadgesResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
