import { z } from 'zod';
import { CHAPTER_LANGUAGES } from '../content/content.constants.js';
import {
  ChapterLanguageSchema,
  ImageRenditionSchema,
  SeriesSummarySchema,
  SeriesTypeSchema,
} from '../content/content.schemas.js';
import { SHELVES } from './follows.constants.js';

/** Arabic texts of the follows API (answers and refusals). */
export const FOLLOW_MESSAGES = {
  loginToFollow: 'يجب تسجيل الدخول لمتابعة العمل',
  loginToFollowUser: 'يجب تسجيل الدخول لمتابعة المستخدم',
  seriesNotFound: 'العمل غير موجود',
  userNotFound: 'المستخدم غير موجود',
  selfFollow: 'لا يمكنك متابعة نفسك',
  groupBoth: 'لا يمكن أن تكون الفرقة مفضلة ومخفية معاً',
  badCursor: 'مؤشر الصفحة غير صالح',
} as const;

export const FOLLOW_LIMITS = {
  /** Translation groups named in one series' preferences (each list). */
  groupsMax: 50,
  groupNameMax: 120,
  updatesPageSize: 30,
} as const;

export const FollowIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'معرّف غير صالح' }).int().positive({ error: 'معرّف غير صالح' }),
});

const GroupListSchema = z
  .array(z.string().trim().min(1).max(FOLLOW_LIMITS.groupNameMax))
  .max(FOLLOW_LIMITS.groupsMax, { error: 'عدد الفرق كبير جداً' });

/**
 * A series' translation-group preferences: chapters of a hidden group never reach the feed or the
 * bell; when some groups are preferred, only theirs (and chapters credited to no group) do.
 */
export const SeriesFollowBodySchema = z
  .object({
    preferredGroups: GroupListSchema.default([]),
    hiddenGroups: GroupListSchema.default([]),
  })
  .strict()
  .refine((b) => !b.preferredGroups.some((g) => b.hiddenGroups.includes(g)), {
    message: FOLLOW_MESSAGES.groupBoth,
    path: ['hiddenGroups'],
  });
export type SeriesFollowBody = z.infer<typeof SeriesFollowBodySchema>;

export const SeriesFollowStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
  preferredGroups: z.array(z.string()),
  hiddenGroups: z.array(z.string()),
});
export type SeriesFollowState = z.infer<typeof SeriesFollowStateSchema>;
export const SeriesFollowResponseSchema = z.object({
  success: z.literal(true),
  data: SeriesFollowStateSchema,
});
export type SeriesFollowResponse = z.infer<typeof SeriesFollowResponseSchema>;

export const UserFollowStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});
export type UserFollowState = z.infer<typeof UserFollowStateSchema>;
export const UserFollowResponseSchema = z.object({ success: z.literal(true), data: UserFollowStateSchema });
export type UserFollowResponse = z.infer<typeof UserFollowResponseSchema>;

/** Account-level chapter languages: empty means every language. */
export const ReaderPreferencesSchema = z
  .object({
    languages: z
      .array(ChapterLanguageSchema)
      .max(CHAPTER_LANGUAGES.length)
      .refine((l) => new Set(l).size === l.length, { message: 'لغة مكررة' }),
  })
  .strict();
export type ReaderPreferences = z.infer<typeof ReaderPreferencesSchema>;
export const ReaderPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: ReaderPreferencesSchema,
});
export type ReaderPreferencesResponse = z.infer<typeof ReaderPreferencesResponseSchema>;

/** `GET /api/follows/updates`: one site type's feed, a page after `cursor` (opaque, from the last answer). */
export const UpdatesQuerySchema = z.object({
  type: SeriesTypeSchema.default('manga'),
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { error: FOLLOW_MESSAGES.badCursor })
    .optional(),
});
export type UpdatesQuery = z.infer<typeof UpdatesQuerySchema>;

export const UpdateChapterSchema = z.object({
  id: z.number().int(),
  number: z.number(),
  title: z.string().nullable(),
  language: ChapterLanguageSchema,
  group: z.string().nullable(),
  publishedAt: z.string(),
  read: z.boolean(),
  /** The reader page of exactly this variant. */
  path: z.string(),
});
export type UpdateChapter = z.infer<typeof UpdateChapterSchema>;

/** One series of a feed page with its new chapters, unread first, then newest first. */
export const UpdateGroupSchema = z.object({
  series: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    coverUrl: z.string().nullable(),
    /** The cover's stored widths, narrowest first (a `srcset`); empty without a cover. */
    coverRenditions: z.array(ImageRenditionSchema),
    path: z.string(),
  }),
  chapters: z.array(UpdateChapterSchema),
});
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>;

export const UpdatesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(UpdateGroupSchema),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type UpdatesResponse = z.infer<typeof UpdatesResponseSchema>;

export const ShelfSchema = z.enum(SHELVES, { error: 'رف غير صالح' });

export const ShelfBodySchema = z.object({ shelf: ShelfSchema }).strict();
export type ShelfBody = z.infer<typeof ShelfBodySchema>;

export const ShelfResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ shelf: ShelfSchema.nullable() }),
});
export type ShelfResponse = z.infer<typeof ShelfResponseSchema>;

export const RandomSeriesQuerySchema = z.object({ type: SeriesTypeSchema.default('manga') });
export type RandomSeriesQuery = z.infer<typeof RandomSeriesQuerySchema>;

/** A random approved series of the type, or null when the type has none. */
export const RandomSeriesResponseSchema = z.object({
  success: z.literal(true),
  data: SeriesSummarySchema.nullable(),
});
export type RandomSeriesResponse = z.infer<typeof RandomSeriesResponseSchema>;
