import { z } from 'zod';
import { LIMITS } from '../common/limits.js';
import { listResponseSchema, pageNumber } from '../common/list.schemas.js';
import { CONTENT_LIMITS } from '../content/content.constants.js';
import {
  ChapterLanguageSchema,
  ModerationStatusSchema,
  SeriesTypeSchema,
} from '../content/content.schemas.js';
import { arabicNumber } from '../common/arabic-number.js';

/** Spec §3 content item `contentType`: what a moderation row (and a moderation action) is about. */
export const CONTENT_KINDS = ['series', 'chapter'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const ContentKindSchema = z.enum(CONTENT_KINDS, { error: 'نوع محتوى غير صالح' });

export const MODERATION_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_LIMITS = {
  /** Spec §9: the dashboard's content page size. */
  dashboardPageSize: LIMITS.dashboardPageSize,
  noteMax: 1000,
  logPageSize: 20,
} as const;

/** The API's texts for moderation (the dashboard's own toasts live in the site's i18n). */
export const MODERATION_MESSAGES = {
  notFound: 'لم يتم العثور على المحتوى',
  /** Another moderator acted first, or the item is already in the requested state. */
  conflict: 'تغيّرت حالة هذا المحتوى قبل تنفيذ الإجراء، يرجى تحديث القائمة',
  alreadyApproved: 'هذا المحتوى مقبول بالفعل',
  alreadyRejected: 'هذا المحتوى مرفوض بالفعل',
  /** Approving a rejected chapter whose variant (number, language, group) was published or resubmitted since. */
  duplicateVariant: 'يوجد فصل آخر بنفس الرقم واللغة والفريق، لا يمكن قبول هذا الفصل',
  noteTooLong: `يجب ألا يتجاوز النص ${arabicNumber(MODERATION_LIMITS.noteMax)} حرف`,
  staffOnly: 'هذا الإجراء متاح للمشرفين فقط',
  approved: 'تم قبول المحتوى',
  rejected: 'تم رفض المحتوى',
  deleted: 'تم حذف المحتوى',
} as const;

const noteText = z
  .string({ error: 'نص غير صالح' })
  .trim()
  .max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * `GET /api/content?status=...` — the moderation queue (staff only): series and chapters in one list,
 * newest first. Without `status` the same path answers the public catalogue (content.schemas).
 */
export const ModerationListQuerySchema = z.object({
  status: ModerationStatusSchema,
  type: SeriesTypeSchema.optional(),
  contentType: ContentKindSchema.optional(),
  search: z.string().trim().max(LIMITS.searchMax, 'نص البحث طويل جدًا').optional(),
  page: pageNumber(1, 100_000),
  limit: pageNumber(LIMITS.listLimitDefault, CONTENT_LIMITS.listLimitMax),
});
export type ModerationListQuery = z.infer<typeof ModerationListQuerySchema>;

/** The last moderation decision on an item, when there was one. */
export const ModerationReviewSchema = z.object({
  action: z.enum(['approve', 'reject']),
  by: z.string().nullable(),
  at: z.string(),
  /** Approve notes or reject reason. */
  note: z.string().nullable(),
});
export type ModerationReview = z.infer<typeof ModerationReviewSchema>;

/** Spec §3 "Content item (dashboard list)" plus what the view action and the reader need. */
export const ModerationItemSchema = z.object({
  id: z.number().int(),
  contentType: ContentKindSchema,
  title: z.string(),
  type: SeriesTypeSchema,
  /** The creator's username, or 'غير معروف' when the account is gone. */
  creator: z.string(),
  created_at: z.string(),
  status: ModerationStatusSchema,
  /** The series this item is or belongs to. */
  series: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  /** Chapters only. */
  chapterNumber: z.number().nullable(),
  language: ChapterLanguageSchema.nullable(),
  pageCount: z.number().int().nullable(),
  /** Site path that opens the item (series page or reader), for the view action. */
  path: z.string(),
  review: ModerationReviewSchema.nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const ModerationListResponseSchema = listResponseSchema(ModerationItemSchema);
export type ModerationListResponse = z.infer<typeof ModerationListResponseSchema>;

/** `:id` of the moderation routes; `?contentType=` says which table (spec default: series). */
export const ModerationTargetParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'معرّف محتوى غير صالح' })
    .int('معرّف محتوى غير صالح')
    .positive('معرّف محتوى غير صالح')
    .max(2 ** 31 - 1, 'معرّف محتوى غير صالح'),
});
export const ModerationTargetQuerySchema = z.object({
  contentType: ContentKindSchema.default('series'),
});
export type ModerationTargetQuery = z.infer<typeof ModerationTargetQuerySchema>;

/**
 * `expectedStatus` is the state the moderator saw (the tab, or the reader's badge). When given, the
 * action applies only if the item is still in it, so two moderators acting at once get one outcome.
 */
const expectedStatus = ModerationStatusSchema.optional();

/** `PUT /api/content/:id/approve` */
export const ApproveContentBodySchema = z.object({ notes: noteText, expectedStatus }).strict();
export type ApproveContentBody = z.input<typeof ApproveContentBodySchema>;

/** `PUT /api/content/:id/reject` — the reason is optional here; the reader's dialog requires it. */
export const RejectContentBodySchema = z.object({ reason: noteText, expectedStatus }).strict();
export type RejectContentBody = z.input<typeof RejectContentBodySchema>;

/** `DELETE /api/content/:id` — an optional JSON body with the reason for the log. */
export const DeleteContentBodySchema = z.object({ reason: noteText, expectedStatus }).strict();
export type DeleteContentBody = z.input<typeof DeleteContentBodySchema>;

export const ModerationActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  item: z.object({
    id: z.number().int(),
    contentType: ContentKindSchema,
    title: z.string(),
    /** The new state; `deleted` after a delete. */
    status: z.enum(['approved', 'rejected', 'deleted']),
  }),
});
export type ModerationActionResponse = z.infer<typeof ModerationActionResponseSchema>;

/** One row of the moderation log (admin Logs page): who did what, when, and why. */
export const ModerationLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  contentType: ContentKindSchema,
  contentId: z.number().int(),
  /** The item's title at the time (kept after a delete). */
  title: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  fromStatus: ModerationStatusSchema,
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

export const ModerationLogQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  limit: pageNumber(MODERATION_LIMITS.logPageSize, 100),
  action: z.enum(MODERATION_ACTIONS, { error: 'إجراء غير صالح' }).optional(),
});
export type ModerationLogQuery = z.infer<typeof ModerationLogQuerySchema>;

export const ModerationLogResponseSchema = listResponseSchema(ModerationLogEntrySchema);
export type ModerationLogResponse = z.infer<typeof ModerationLogResponseSchema>;

/** `GET /api/moderation/pending-count` — the pending badge and the dashboard's queue figure. */
export const PendingCountResponseSchema = z.object({
  series: z.number().int().nonnegative(),
  chapters: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type PendingCountResponse = z.infer<typeof PendingCountResponseSchema>;
