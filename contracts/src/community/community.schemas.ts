import { z } from 'zod';
import { cleanCommentText } from '../comments/comment.schemas.js';
import { ListMetaSchema, pageNumber } from '../common/list.schemas.js';
import { SERIES_TYPES } from '../content/content.constants.js';
import { SeriesTypeSchema } from '../content/content.schemas.js';
import { arabicNumber } from '../common/arabic-number.js';

/** The community page (issue 14): feeds across the site, admin announcements and the site's rules. */
export const COMMUNITY_LIMITS = {
  feedPageSize: 20,
  /** "Popular" looks at this many days back. */
  popularWindowDays: 7,
  popularSize: 10,
  announcementsPageSize: 10,
  announcementTitleMax: 150,
  announcementBodyMax: 5000,
  rulesMax: 20_000,
} as const;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'عنوان الإعلان مطلوب',
  titleTooLong: `يجب ألا يتجاوز العنوان ${arabicNumber(COMMUNITY_LIMITS.announcementTitleMax)} حرفًا`,
  bodyRequired: 'نص الإعلان مطلوب',
  bodyTooLong: `يجب ألا يتجاوز نص الإعلان ${arabicNumber(COMMUNITY_LIMITS.announcementBodyMax)} حرف`,
  rulesTooLong: `يجب ألا تتجاوز القواعد ${arabicNumber(COMMUNITY_LIMITS.rulesMax)} حرف`,
  announcementNotFound: 'الإعلان غير موجود',
  announcementCreated: 'تم نشر الإعلان',
  announcementUpdated: 'تم تعديل الإعلان',
  announcementDeleted: 'تم حذف الإعلان',
  rulesSaved: 'تم حفظ قواعد المجتمع',
  userNotFound: 'المستخدم غير موجود',
} as const;

const M = COMMUNITY_MESSAGES;
const id = z.coerce
  .number({ error: 'معرّف غير صالح' })
  .int('معرّف غير صالح')
  .positive('معرّف غير صالح')
  .max(2 ** 31 - 1);

/** Plain text as stored: the comment rules (line ends unified, disguising controls gone). */
const plainText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(cleanCommentText)
    .pipe(z.string().min(1, required).max(max, tooLong));

export const CommunityTypeQuerySchema = z.object({ type: SeriesTypeSchema.optional() });
export type CommunityTypeQuery = z.infer<typeof CommunityTypeQuerySchema>;

export const CommunityCommentsQuerySchema = CommunityTypeQuerySchema.extend({
  /** Keyset cursor: comments older than this id. */
  before: id.optional(),
});
export type CommunityCommentsQuery = z.infer<typeof CommunityCommentsQuerySchema>;

export const CommunitySeriesRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: SeriesTypeSchema,
});
export type CommunitySeriesRef = z.infer<typeof CommunitySeriesRefSchema>;

/** A comment as the community feeds show it: with where it was written. */
export const CommunityCommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  username: z.string().nullable(),
  createdAt: z.string(),
  likes: z.number().int().nonnegative(),
  series: CommunitySeriesRefSchema,
  /** The chapter it was written under; null for a comment on the series page. */
  chapterNumber: z.number().nullable(),
  /** That chapter's language (a work can have a chapter's number in several); null with no chapter. */
  chapterLanguage: z.string().nullable(),
  /** The comment on its page (canonical path of the series' type site, the chapter's own variant, its anchor). */
  path: z.string(),
});
export type CommunityComment = z.infer<typeof CommunityCommentSchema>;

export const CommunityCommentsResponseSchema = z.object({
  data: z.array(CommunityCommentSchema),
  nextCursor: z.number().int().nullable(),
});
export type CommunityCommentsResponse = z.infer<typeof CommunityCommentsResponseSchema>;

export const CommunityPopularResponseSchema = z.object({
  /** Most liked comments written in the window. */
  comments: z.array(CommunityCommentSchema),
  /** Series most followed in the window (new follows, by readers), with that count. */
  series: z.array(CommunitySeriesRefSchema.extend({ count: z.number().int().positive() })),
  windowDays: z.number().int().positive(),
});
export type CommunityPopularResponse = z.infer<typeof CommunityPopularResponseSchema>;

const perType = z.object(
  Object.fromEntries(SERIES_TYPES.map((type) => [type, z.number().int()])) as {
    [K in (typeof SERIES_TYPES)[number]]: z.ZodNumber;
  },
);

/** Real totals of the site: published works by type, chapters, members, comments and views. */
export const CommunityStatsResponseSchema = z.object({
  series: perType,
  chapters: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  newMembersThisWeek: z.number().int().nonnegative(),
  commentsThisWeek: z.number().int().nonnegative(),
});
export type CommunityStatsResponse = z.infer<typeof CommunityStatsResponseSchema>;

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementsQuerySchema = z.object({
  page: pageNumber(1, 10_000),
});
export const AnnouncementsResponseSchema = z.object({
  data: z.array(AnnouncementSchema),
  meta: ListMetaSchema,
});
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponseSchema>;

export const AnnouncementBodySchema = z.strictObject({
  title: plainText(M.titleRequired, COMMUNITY_LIMITS.announcementTitleMax, M.titleTooLong),
  body: plainText(M.bodyRequired, COMMUNITY_LIMITS.announcementBodyMax, M.bodyTooLong),
  pinned: z.boolean({ error: 'قيمة غير صالحة' }).default(false),
});
export type AnnouncementBody = z.input<typeof AnnouncementBodySchema>;
export type AnnouncementInput = z.output<typeof AnnouncementBodySchema>;

export const AnnouncementIdParamsSchema = z.object({ id });

export const AnnouncementResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: AnnouncementSchema,
});
export const AnnouncementDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const CommunityRulesSchema = z.object({
  text: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CommunityRules = z.infer<typeof CommunityRulesSchema>;

export const UpdateRulesBodySchema = z.strictObject({
  text: z
    .string({ error: 'نص القواعد غير صالح' })
    .transform(cleanCommentText)
    .pipe(z.string().max(COMMUNITY_LIMITS.rulesMax, M.rulesTooLong)),
});
export type UpdateRulesBody = z.input<typeof UpdateRulesBodySchema>;

export const CommunityRulesResponseSchema = z.object({ data: CommunityRulesSchema });
export const CommunityRulesSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: CommunityRulesSchema,
});

/** What a user did in public: a comment, an approved chapter they uploaded, an approved work they added. */
export const PUBLIC_ACTIVITY_KINDS = ['comment', 'chapter', 'series'] as const;
export type PublicActivityKind = (typeof PUBLIC_ACTIVITY_KINDS)[number];

const activityCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'مؤشر الصفحة غير صالح' });

/** `GET /api/community/following`: the site type's activity of the users the reader follows. */
export const FollowingActivityQuerySchema = CommunityTypeQuerySchema.extend({
  cursor: activityCursor.optional(),
});
export type FollowingActivityQuery = z.infer<typeof FollowingActivityQuerySchema>;

/** `GET /api/community/users/{username}/activity`: one user's public activity, every type. */
export const UserActivityParamsSchema = z.object({ username: z.string().trim().min(1).max(64) });
export const UserActivityQuerySchema = z.object({ cursor: activityCursor.optional() });
export type UserActivityQuery = z.infer<typeof UserActivityQuerySchema>;

export const PublicActivitySchema = z.object({
  /** `kind:id`, unique in a feed. */
  key: z.string(),
  kind: z.enum(PUBLIC_ACTIVITY_KINDS),
  username: z.string(),
  at: z.string(),
  series: CommunitySeriesRefSchema,
  chapterNumber: z.number().nullable(),
  /** That chapter's language; null with no chapter. */
  chapterLanguage: z.string().nullable(),
  /** A comment's text (its start). */
  excerpt: z.string().nullable(),
  /** The page it happened on (canonical path of the series' type site; a comment's anchor). */
  path: z.string(),
});
export type PublicActivity = z.infer<typeof PublicActivitySchema>;

export const PublicActivityResponseSchema = z.object({
  data: z.array(PublicActivitySchema),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type PublicActivityResponse = z.infer<typeof PublicActivityResponseSchema>;
