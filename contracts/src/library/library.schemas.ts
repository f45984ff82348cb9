import { z } from 'zod';
import { listResponseSchema, pageNumber } from '../common/list.schemas.js';
import { SeriesSummarySchema, SeriesTypeSchema } from '../content/content.schemas.js';
import { FollowIdParamsSchema, ShelfSchema } from '../follows/follows.schemas.js';

/** Arabic texts of the library API (reading history, shelves and read markers). */
export const LIBRARY_MESSAGES = {
  seriesNotFound: 'العمل غير موجود',
  chapterNotFound: 'لا يوجد فصل بهذا الرقم في هذا العمل',
} as const;

export const LIBRARY_LIMITS = {
  pageSizeDefault: 12,
  pageSizeMax: 50,
} as const;

export const LibrarySeriesParamsSchema = FollowIdParamsSchema;

/** One site type's list, page by page; `shelf` narrows the shelves list to one shelf. */
export const LibraryListQuerySchema = z.object({
  type: SeriesTypeSchema.default('manga'),
  shelf: ShelfSchema.optional(),
  page: pageNumber(1),
  limit: pageNumber(LIBRARY_LIMITS.pageSizeDefault, LIBRARY_LIMITS.pageSizeMax),
});
export type LibraryListQuery = z.infer<typeof LibraryListQuerySchema>;

export const HistoryClearQuerySchema = z.object({ type: SeriesTypeSchema.default('manga') });
export type HistoryClearQuery = z.infer<typeof HistoryClearQuerySchema>;

/**
 * A series in the reader's library: its shelf (null when only read, never shelved) and where the
 * reader stopped (null when shelved but never opened), with the share of its chapters read.
 */
export const ReadingEntrySchema = z.object({
  series: SeriesSummarySchema,
  shelf: ShelfSchema.nullable(),
  progress: z
    .object({
      chapterId: z.number().int(),
      number: z.number(),
      page: z.number().int().nonnegative(),
      readAt: z.string(),
      /** The reader page to continue from. */
      path: z.string(),
    })
    .nullable(),
  /** Distinct approved chapter numbers read, out of the series' approved chapter numbers (0–100). */
  percent: z.number().int().min(0).max(100),
});
export type ReadingEntry = z.infer<typeof ReadingEntrySchema>;

export const ReadingListResponseSchema = listResponseSchema(ReadingEntrySchema).extend({
  success: z.literal(true),
});
export type ReadingListResponse = z.infer<typeof ReadingListResponseSchema>;

export const HistoryChangeResponseSchema = z.object({
  success: z.literal(true),
  /** How many history entries were removed. */
  removed: z.number().int().nonnegative(),
});
export type HistoryChangeResponse = z.infer<typeof HistoryChangeResponseSchema>;

/**
 * Read markers of a series' chapter list: mark the chapter number read or unread; with `upTo`, every
 * approved chapter number from the first up to it as well ("mark all read up to here").
 */
export const ReadMarkBodySchema = z
  .object({
    number: z.number({ error: 'رقم الفصل مطلوب' }).nonnegative({ error: 'رقم فصل غير صالح' }),
    read: z.boolean({ error: 'حدد مقروء أو غير مقروء' }),
    upTo: z.boolean().default(false),
  })
  .strict();
export type ReadMarkBody = z.infer<typeof ReadMarkBodySchema>;

/** The chapter variants (approved only) of one series the signed-in reader has read. */
export const ReadMarkersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ chapterIds: z.array(z.number().int()) }),
});
export type ReadMarkersResponse = z.infer<typeof ReadMarkersResponseSchema>;
