import { z } from 'zod';
import type { ApiRoute } from '../common/api-route.js';
import { ChapterVariantSchema, UserStatusResponseSchema } from '../content/content.schemas.js';
import { SeriesFollowStateSchema, ShelfSchema, UserFollowStateSchema } from '../follows/follows.schemas.js';
import { NovelReaderSettingsSchema } from '../novel/novel-reader.settings.js';
import { NumeralsSchema, RoleSchema } from '../users/user.schemas.js';

/**
 * The one personal call of a public document. A series or chapter page is the same cached HTML for
 * guests and signed-in readers; what belongs to the reader (who they are, the bell's figure, their
 * like, favourite, rating, progress and reading mode, follow and shelf on this series) arrives here after
 * the page shows.
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
  /** The novel reader's settings (defaults filled in): a cached text chapter applies them. */
  novelReader: NovelReaderSettingsSchema,
});
export type PageViewer = z.infer<typeof PageViewerSchema>;

export const PageSeriesStateSchema = UserStatusResponseSchema.omit({ success: true }).extend({
  /**
   * The series page's chapter list (asked with `contentId` and no `chapterId`): the approved chapters
   * the reader has read (their read markers), and the pending chapters only they may see — their own
   * uploads, or every pending chapter for staff. The cached list holds approved chapters only; a
   * plain reader's pending list is empty. Both are empty on a chapter page.
   */
  readChapterIds: z.array(z.number().int()),
  pendingChapters: z.array(ChapterVariantSchema),
  /** Whether they follow the series (and their group choices), the shelf they keep it on. */
  follow: SeriesFollowStateSchema,
  shelf: ShelfSchema.nullable(),
  /** Whether they follow the series' creator (null without one, or when they are the creator). */
  creatorFollow: UserFollowStateSchema.nullable(),
});
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
