import { z } from 'zod';
import type { ApiRoute } from '../common/api-route.js';
import { UserStatusResponseSchema } from '../content/content.schemas.js';
import { NumeralsSchema, RoleSchema } from '../users/user.schemas.js';

/**
 * The one personal call of a public document. A series or chapter page is the same cached HTML for
 * guests and signed-in readers; what belongs to the reader (who they are, the bell's figure, their
 * like, favourite, rating, progress and reading mode on this series) arrives here after the page shows.
 */
export const PageStateQuerySchema = z.object({
  contentId: z.coerce.number().int().positive().optional(),
  chapterId: z.coerce.number().int().positive().optional(),
});
export type PageStateQuery = z.infer<typeof PageStateQuerySchema>;

export const PageViewerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
  isAdmin: z.boolean(),
  /** Moderators and admins: the dashboard button and the moderator controls. */
  isStaff: z.boolean(),
  /** The reader's digits: a cached page was written in the default system (site/src/stores/numerals.ts). */
  numerals: NumeralsSchema,
});
export type PageViewer = z.infer<typeof PageViewerSchema>;

export const PageSeriesStateSchema = UserStatusResponseSchema.omit({ success: true });
export type PageSeriesState = z.infer<typeof PageSeriesStateSchema>;

export const PageStateResponseSchema = z.object({
  success: z.literal(true),
  viewer: PageViewerSchema.nullable(),
  /** Unread notifications (0 for guests). */
  unread: z.number().int().min(0),
  /** The reader's state on the series named by `contentId` (null for guests or without one). */
  series: PageSeriesStateSchema.nullable(),
});
export type PageStateResponse = z.infer<typeof PageStateResponseSchema>;

/** A guest's answer: the edge gives it itself to a request without a session (infra/nginx/routes.conf). */
export const GUEST_PAGE_STATE: PageStateResponse = { success: true, viewer: null, unread: 0, series: null };

export const ME_ROUTES = {
  pageState: {
    method: 'get',
    path: '/api/me/page-state',
    tag: 'Reader',
    summary: 'حالة الطالب الشخصية في صفحة عامة (من هو، وغير المقروء، وحالته في العمل)',
    description: 'الزائر لا مشاهد له. لا يُخزَّن أبدًا: يجيب بترويسة منع التخزين.',
    access: 'public',
    query: PageStateQuerySchema,
    status: 200,
    response: PageStateResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;
