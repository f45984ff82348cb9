import { z } from 'zod';
import { listResponseSchema, pageNumber } from '../common/list.schemas.js';
import { arabicNumber } from '../common/arabic-number.js';
import { otherLanguageName } from '../content/content.constants.js';

/** Spec §2 notifications page: types chapter, comment, like, follow, system. */
export const NOTIFICATION_TYPES = ['chapter', 'comment', 'like', 'follow', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The page's tabs: all, new chapters, comments, system. */
export const NOTIFICATION_TABS = ['all', 'chapter', 'comment', 'system'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Site path to open (series page, reader), or null. */
  path: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  tab: z.enum(NOTIFICATION_TABS, { error: 'تبويب غير صالح' }).default('all'),
  page: pageNumber(1, 100_000),
  limit: pageNumber(20, 50),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = listResponseSchema(NotificationSchema).extend({
  unread: z.number().int().nonnegative(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

/** `POST /api/notifications/read` — the given ids, or every one of the user's when `all`. */
export const MarkNotificationsReadBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.ids?.length ?? 0) > 0 || b.all === true, { message: 'لم يتم تحديد إشعارات' });
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

export const MarkNotificationsReadResponseSchema = z.object({
  success: z.literal(true),
  unread: z.number().int().nonnegative(),
});

/** Texts of the notifications the platform writes. */
export const NOTIFICATION_TEXTS = {
  rejectedTitle: 'تم رفض المحتوى',
  rejectedBody: (title: string, reason: string | null) =>
    reason ? `تم رفض «${title}». السبب: ${reason}` : `تم رفض «${title}».`,
  approvedTitle: 'تم قبول المحتوى',
  approvedBody: (title: string) => `تم قبول «${title}» ونشره.`,
  newChapterTitle: 'فصل جديد',
  /**
   * One number can come out in several languages and from several groups, each its own notification:
   * the variant's language (when not Arabic, the site's own) and group tell them apart.
   */
  newChapterBody: (
    series: string,
    chapterNumber: number,
    variant: { language: string; group: string | null },
  ) => {
    const label = [otherLanguageName(variant.language), variant.group].filter(Boolean).join(' · ');
    return `صدر الفصل ${arabicNumber(chapterNumber)} من «${series}»${label ? ` (${label})` : ''}.`;
  },
  newWorkTitle: 'عمل جديد',
  newWorkBody: (username: string, series: string) => `نشر ${username} عملًا جديدًا: «${series}».`,
  deletedTitle: 'تم حذف المحتوى',
  deletedBody: (title: string, reason: string | null) =>
    reason ? `تم حذف «${title}». السبب: ${reason}` : `تم حذف «${title}».`,
} as const;
