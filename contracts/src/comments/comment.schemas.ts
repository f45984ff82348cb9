import { z } from 'zod';
import { arabicNumber } from '../common/arabic-number.js';

// Embeddings, overrides and isolates can make text display in an order other than the one stored
// (the "Trojan Source" trick); the marks (LRM, RLM, ALM) only nudge neutral characters and stay.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A comment's text as stored: line ends unified, disguising controls gone, runs of blank lines cut. */
export function cleanCommentText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spec §7 Comments (page size 10) and the server's own caps. */
export const COMMENT_LIMITS = {
  pageSize: 10,
  maxPageSize: 50,
  textMax: 2000,
  /** Comments one user may post in a minute, and in a day. */
  perMinute: 5,
  perDay: 200,
} as const;

/** Spec §5 and §8 comment texts, plus the server's refusals. */
export const COMMENT_MESSAGES = {
  emptyNew: 'لا يمكن إضافة تعليق فارغ',
  emptyEdit: 'لا يمكن أن يكون التعليق فارغًا',
  tooLong: `يجب ألا يتجاوز التعليق ${arabicNumber(COMMENT_LIMITS.textMax)} حرف`,
  loginToComment: 'يجب تسجيل الدخول لإضافة تعليق',
  loginToLike: 'يجب تسجيل الدخول لتتمكن من الإعجاب بالتعليقات',
  fetchError: 'حدث خطأ أثناء جلب التعليقات، يرجى المحاولة مرة أخرى',
  addError: 'حدث خطأ أثناء إضافة التعليق',
  editError: 'حدث خطأ أثناء تعديل التعليق',
  deleteError: 'حدث خطأ أثناء حذف التعليق',
  likeError: 'حدث خطأ أثناء تسجيل الإعجاب',
  added: 'تمت إضافة التعليق بنجاح',
  edited: 'تم تعديل التعليق بنجاح',
  deleted: 'تم حذف التعليق بنجاح',
  empty: 'لا توجد تعليقات بعد. كن أول من يعلق!',
  notFound: 'التعليق غير موجود',
  targetNotFound: 'المحتوى المطلوب غير موجود',
  targetRequired: 'حدد العمل أو الفصل الذي تعلّق عليه',
  parentMismatch: 'لا يمكن الرد على تعليق من صفحة أخرى',
  parentDeleted: 'لا يمكن الرد على تعليق محذوف',
  notYours: 'يمكنك تعديل تعليقاتك أو حذفها فقط',
  deletedText: 'تم حذف هذا التعليق',
  tooFast: 'أنت تعلّق بسرعة كبيرة، يرجى الانتظار قليلًا ثم المحاولة مرة أخرى',
} as const;

const id = (message = 'معرّف غير صالح') =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(2 ** 31 - 1, message);

/** A comment as the lists show it; replies nest by parent_id (spec §3 Comment). */
export interface Comment {
  id: number;
  text: string;
  user_id: number | null;
  username: string | null;
  created_at: string;
  /** Set once the author edited the text. */
  edited_at: string | null;
  likes: number;
  /** Whether the signed-in reader liked it (false for guests). */
  liked: boolean;
  parent_id: number | null;
  content_id: number;
  chapter_id: number | null;
  /** Deleted with replies under it: the text is gone, the thread stays. */
  deleted: boolean;
  replies: Comment[];
}

export const CommentSchema: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    text: z.string(),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    likes: z.number().int().nonnegative(),
    liked: z.boolean(),
    parent_id: z.number().int().nullable(),
    content_id: z.number().int(),
    chapter_id: z.number().int().nullable(),
    deleted: z.boolean(),
    replies: z.array(CommentSchema),
  }),
);

/**
 * `GET /api/comments?content_id&chapter_id&page&limit`. Without chapter_id: the series' own comments
 * (its comments tab); with it: that chapter's. Pages count top-level comments; each carries its
 * whole reply tree.
 */
export const ListCommentsQuerySchema = z
  .object({
    content_id: id().optional(),
    chapter_id: id().optional(),
    page: z.coerce.number({ error: 'رقم صفحة غير صالح' }).int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number({ error: 'حجم صفحة غير صالح' })
      .int()
      .min(1)
      .max(COMMENT_LIMITS.maxPageSize)
      .default(COMMENT_LIMITS.pageSize),
  })
  .refine((q) => q.content_id !== undefined || q.chapter_id !== undefined, {
    message: COMMENT_MESSAGES.targetRequired,
    path: ['content_id'],
  });
export type ListCommentsQuery = z.output<typeof ListCommentsQuerySchema>;

export const CommentListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    comments: z.array(CommentSchema),
    /** Top-level comments of the target. */
    total: z.number().int().nonnegative(),
    /** Every comment of the target, replies included (the header's count). */
    count: z.number().int().nonnegative(),
  }),
});
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;

const text = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .transform(cleanCommentText)
    .pipe(z.string().min(1, emptyMessage).max(COMMENT_LIMITS.textMax, COMMENT_MESSAGES.tooLong));

export const CreateCommentBodySchema = z
  .object({
    text: text(COMMENT_MESSAGES.emptyNew),
    content_id: id().nullish(),
    chapter_id: id().nullish(),
    parent_id: id().nullish(),
  })
  .strict()
  .refine((b) => b.content_id != null || b.chapter_id != null || b.parent_id != null, {
    message: COMMENT_MESSAGES.targetRequired,
    path: ['content_id'],
  });
export type CreateCommentBody = z.input<typeof CreateCommentBodySchema>;

export const UpdateCommentBodySchema = z.object({ text: text(COMMENT_MESSAGES.emptyEdit) }).strict();
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

export const CommentIdParamsSchema = z.object({ id: id() });

export const CommentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: CommentSchema,
});
export type CommentResponse = z.infer<typeof CommentResponseSchema>;

export const CommentDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when replies keep the thread and only the text was removed. */
  kept: z.boolean(),
});
export type CommentDeleteResponse = z.infer<typeof CommentDeleteResponseSchema>;

export const CommentLikeResponseSchema = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likes: z.number().int().nonnegative(),
});
export type CommentLikeResponse = z.infer<typeof CommentLikeResponseSchema>;
