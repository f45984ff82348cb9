import { z } from 'zod';
import { arabicNumber } from '../common/arabic-number.js';
import { ListMetaSchema, pageNumber } from '../common/list.schemas.js';

export const POINTS_LIMITS = {
  /** Largest single award or deduction an admin may make. */
  maxAmount: 100_000,
  serviceMax: 50,
  descriptionMax: 500,
} as const;

/**
 * Points earned automatically, each once per item (the ledger's event key makes a second processing
 * of the same approval a no-op): documented in docs/points-and-badges.md.
 */
export const POINT_RULES = {
  chapterApproved: { amount: 10, service: 'manga', description: 'فصل معتمد' },
  seriesApproved: { amount: 25, service: 'manga', description: 'عمل معتمد' },
} as const;

export const POINTS_MESSAGES = {
  awarded: 'تم تسجيل النقاط',
  userNotFound: 'المستخدم غير موجود',
  amountInvalid: 'أدخل عددًا صحيحًا غير الصفر',
  amountTooLarge: `يجب ألا يتجاوز المقدار ${arabicNumber(POINTS_LIMITS.maxAmount)}`,
  serviceRequired: 'الخدمة مطلوبة',
  descriptionRequired: 'الوصف مطلوب',
  insufficient: 'رصيد المستخدم لا يكفي لهذا الخصم',
} as const;

/** Spec §3 Points history entry: amount negative when spent. */
export const PointsEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  type: z.enum(['earned', 'spent']),
  service: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** The admin who made a manual award, or null for automatic ones. */
  awarded_by: z.string().nullable(),
});
export type PointsEntry = z.infer<typeof PointsEntrySchema>;

export const PointsUserParamsSchema = z.object({
  userId: z.coerce
    .number({ error: 'معرّف غير صالح' })
    .int('معرّف غير صالح')
    .positive('معرّف غير صالح')
    .max(2 ** 31 - 1, 'معرّف غير صالح'),
});
export const PointsHistoryQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  limit: pageNumber(20, 100),
});

/** `GET /api/points/{userId}`: the balance (the sum of the ledger) and a page of its entries. */
export const PointsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    user_id: z.number().int(),
    username: z.string(),
    balance: z.number().int(),
    earned: z.number().int().nonnegative(),
    spent: z.number().int().nonnegative(),
    history: z.array(PointsEntrySchema),
  }),
  meta: ListMetaSchema,
});
export type PointsResponse = z.infer<typeof PointsResponseSchema>;

/** `POST /api/points/award` (admins): a positive amount awards, a negative one deducts. */
export const AwardPointsBodySchema = z
  .object({
    user_id: z.number({ error: 'معرّف غير صالح' }).int('معرّف غير صالح').positive('معرّف غير صالح'),
    amount: z
      .number({ error: POINTS_MESSAGES.amountInvalid })
      .int(POINTS_MESSAGES.amountInvalid)
      .refine((n) => n !== 0, POINTS_MESSAGES.amountInvalid)
      .refine((n) => Math.abs(n) <= POINTS_LIMITS.maxAmount, POINTS_MESSAGES.amountTooLarge),
    service: z
      .string({ error: POINTS_MESSAGES.serviceRequired })
      .trim()
      .min(1, POINTS_MESSAGES.serviceRequired)
      .max(POINTS_LIMITS.serviceMax),
    description: z
      .string({ error: POINTS_MESSAGES.descriptionRequired })
      .trim()
      .min(1, POINTS_MESSAGES.descriptionRequired)
      .max(POINTS_LIMITS.descriptionMax),
  })
  .strict();
export type AwardPointsBody = z.infer<typeof AwardPointsBodySchema>;

export const AwardPointsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: PointsEntrySchema,
  balance: z.number().int(),
});
export type AwardPointsResponse = z.infer<typeof AwardPointsResponseSchema>;
