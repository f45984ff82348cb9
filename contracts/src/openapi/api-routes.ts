import { AUTH_ROUTES } from '../auth/auth.routes.js';
import { COMMENT_ROUTES } from '../comments/comment.routes.js';
import { COMMUNITY_ROUTES } from '../community/community.routes.js';
import type { ApiRoute } from '../common/api-route.js';
import { CONTENT_ROUTES } from '../content/content.routes.js';
import { FEED_ROUTES } from '../feeds/feeds.routes.js';
import { INGEST_ROUTES } from '../ingest/ingest.routes.js';
import { ME_ROUTES } from '../me/page-state.js';
import { MEDIA_ROUTES } from '../media/media.routes.js';
import { MODERATION_ROUTES } from '../moderation/moderation.routes.js';
import { FOLLOW_ROUTES } from '../follows/follows.routes.js';
import { LIBRARY_ROUTES } from '../library/library.routes.js';
import { NOTIFICATION_ROUTES } from '../notifications/notification.routes.js';
import { POINTS_ROUTES } from '../points/points.routes.js';
import { PROFILE_ROUTES } from '../profile/profile.routes.js';
import { SYSTEM_ROUTES } from '../system/system.routes.js';
import { USER_ROUTES } from '../users/user.routes.js';

/**
 * Every HTTP route of the platform, each declared once in its domain's `*.routes.ts`. The platform
 * serves exactly these (the authorization matrix test checks the app against this list), the
 * OpenAPI document is built from it, and the site calls routes by these objects.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  AUTH_ROUTES,
  CONTENT_ROUTES,
  ME_ROUTES,
  MODERATION_ROUTES,
  MEDIA_ROUTES,
  NOTIFICATION_ROUTES,
  FOLLOW_ROUTES,
  LIBRARY_ROUTES,
  COMMENT_ROUTES,
  COMMUNITY_ROUTES,
  PROFILE_ROUTES,
  POINTS_ROUTES,
  INGEST_ROUTES,
  USER_ROUTES,
  SYSTEM_ROUTES,
  FEED_ROUTES,
].flatMap((routes): ApiRoute[] => Object.values(routes));
