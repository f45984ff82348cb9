import { z } from 'zod';
import { ListMetaSchema, pageNumber } from '../common/list.schemas.js';
import { SeriesSummarySchema, SeriesTypeSchema } from '../content/content.schemas.js';

/** Spec §8 profile errors. */
export const PROFILE_MESSAGES = {
  statsError: 'فشل تحميل الإحصائيات',
  activityError: 'فشل تحميل النشاطات',
  badgesError: 'فشل تحميل الشارات',
  userNotFound: 'المستخدم غير موجود',
} as const;

/** Spec §3 Profile stats, each computed from what the user did. */
export const ProfileStatsSchema = z.object({
  joined: z.string(),
  points: z.number().int(),
  /** Series with reading progress short of their latest chapter. */
  mangaReading: z.number().int().nonnegative(),
  /** Series read up to their latest available chapter. */
  mangaCompleted: z.number().int().nonnegative(),
  /** Distinct chapters opened while signed in. */
  chaptersRead: z.number().int().nonnegative(),
  favouriteManga: z.number().int().nonnegative(),
  commentsPosted: z.number().int().nonnegative(),
  lastActive: z.string().nullable(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;
export const ProfileStatsResponseSchema = z.object({ success: z.literal(true), data: ProfileStatsSchema });
export type ProfileStatsResponse = z.infer<typeof ProfileStatsResponseSchema>;

export const ACTIVITY_TYPES = ['read', 'liked', 'commented', 'added'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Spec §3 Activity, with the page it happened on. */
export const ActivitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** The chapter number, when the activity was on a chapter. */
  chapter: z.number().nullable(),
  /** That chapter's language (a work can have a chapter's number in several); null with no chapter. */
  chapterLanguage: z.string().nullable(),
  title: z.string(),
  /** For comments: the start of the text. */
  excerpt: z.string().nullable(),
  date: z.string(),
  path: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;
export const RecentActivityResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ActivitySchema),
});
export type RecentActivityResponse = z.infer<typeof RecentActivityResponseSchema>;

export const BADGE_IDS = [
  'first-chapter',
  'translator',
  'first-series',
  'reader-10',
  'reader-100',
  'commenter',
  'collector',
  'staff',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** Spec §3 Badge, with what earned it. */
export const BadgeSchema = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  color: z.string(),
  description: z.string(),
});
export type Badge = z.infer<typeof BadgeSchema>;
export const BadgesResponseSchema = z.object({ success: z.literal(true), data: z.array(BadgeSchema) });
export type BadgesResponse = z.infer<typeof BadgesResponseSchema>;

export const ProfileListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  limit: pageNumber(20, 50),
  /** One site type's series only (a reading site's /library); every type when absent. */
  type: SeriesTypeSchema.optional(),
});
export type ProfileListQuery = z.infer<typeof ProfileListQuerySchema>;

/** One series in the reader's library: where they stopped, newest first. */
export const LibraryEntrySchema = z.object({
  series: SeriesSummarySchema,
  chapter: z.object({ id: z.number().int(), number: z.number() }),
  page: z.number().int().nonnegative(),
  /** The reader's chapter is the latest one available. */
  caughtUp: z.boolean(),
  updated_at: z.string(),
  /** The reader page to continue from. */
  path: z.string(),
});
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>;
export const LibraryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(LibraryEntrySchema),
  meta: ListMetaSchema,
});
export type LibraryResponse = z.infer<typeof LibraryResponseSchema>;

export const FavoritesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(SeriesSummarySchema),
  meta: ListMetaSchema,
});
export type FavoritesResponse = z.infer<typeof FavoritesResponseSchema>;

/** `GET /api/profiles/{username}`: anyone's public profile (the name as written, case kept). */
export const PublicProfileParamsSchema = z.object({
  username: z.string().trim().min(1).max(64),
});
export type PublicProfileParams = z.infer<typeof PublicProfileParamsSchema>;

export const PUBLIC_PROFILE_LIMITS = { works: 24 } as const;

/**
 * Spec §2 profile header of any user (initial avatar, username, join date, badges, points) with what
 * they published: only approved works, never their reading, favourites or pending uploads.
 */
export const PublicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  joined: z.string(),
  points: z.number().int(),
  badges: z.array(BadgeSchema),
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  approvedSeries: z.number().int().nonnegative(),
  approvedChapters: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** Their newest approved works (at most `PUBLIC_PROFILE_LIMITS.works`). */
  works: z.array(SeriesSummarySchema),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export const PublicProfileResponseSchema = z.object({ success: z.literal(true), data: PublicProfileSchema });
export type PublicProfileResponse = z.infer<typeof PublicProfileResponseSchema>;
