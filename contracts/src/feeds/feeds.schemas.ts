import { z } from 'zod';
import { pageNumber } from '../common/list.schemas.js';
import { SeriesTypeSchema } from '../content/content.schemas.js';

/** Media types of the documents the feeds module answers with (RFC 4287, RSS 2.0, OPDS 1.2). */
export const FEED_MEDIA_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  opdsNavigation: 'application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8',
  opdsAcquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition;charset=utf-8',
  openSearch: 'application/opensearchdescription+xml;charset=utf-8',
  html: 'text/html; charset=utf-8',
} as const;

export const FEED_FORMATS = ['rss', 'atom'] as const;
export const FeedFormatSchema = z.enum(FEED_FORMATS, { error: 'صيغة موجز غير معروفة' });
export type FeedFormat = z.infer<typeof FeedFormatSchema>;

/** `/api/feeds/series/{slug}/{format}`: one series' approved chapters, newest first. */
export const SeriesFeedParamsSchema = z.object({
  slug: z.string().min(1).max(255),
  format: FeedFormatSchema,
});

/** `/api/feeds/latest/{format}?type=`: a site's latest approved chapters (every type without `type`). */
export const LatestFeedParamsSchema = z.object({ format: FeedFormatSchema });
export const LatestFeedQuerySchema = z.object({ type: SeriesTypeSchema.optional() });

/**
 * The secret of a reader app's URLs (43 base64url characters, like every token the platform hands
 * out). Anything else names no token: 404, like a revoked one.
 */
export const FeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const OpdsTokenParamsSchema = z.object({ token: FeedTokenSchema });
/** `/api/feeds/updates/{token}/{format}`: the token's owner's updates feed (their follows, their filters). */
export const UpdatesFeedParamsSchema = z.object({ token: FeedTokenSchema, format: FeedFormatSchema });
export const OpdsSeriesParamsSchema = z.object({ token: FeedTokenSchema, slug: z.string().min(1).max(255) });
export const OpdsChapterParamsSchema = z.object({
  token: FeedTokenSchema,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const OpdsPageParamsSchema = OpdsChapterParamsSchema.extend({
  /** PSE counts pages from 0. */
  pageNumber: z.coerce.number().int().min(0).max(100_000),
});

export const OPDS_SORTS = ['latest', 'popular'] as const;
/** A catalogue listing of the OPDS catalog: by type, newest updates or most read, or a search. */
export const OpdsSeriesListQuerySchema = z.object({
  type: SeriesTypeSchema.optional(),
  sort: z.enum(OPDS_SORTS, { error: 'ترتيب غير صالح' }).default('latest'),
  q: z.string().trim().max(100, 'نص البحث طويل جدًا').optional(),
  page: pageNumber(1, 10_000),
});
export type OpdsSeriesListQuery = z.infer<typeof OpdsSeriesListQuerySchema>;

/** The signed-in user's reader-app token, as far as the platform knows it (only its hash is kept). */
export const FeedTokenInfoSchema = z.object({
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const FeedTokenStatusResponseSchema = z.object({
  success: z.literal(true),
  token: FeedTokenInfoSchema.nullable(),
});
export type FeedTokenStatusResponse = z.infer<typeof FeedTokenStatusResponseSchema>;

/** A new token, shown once: the catalog path carries it, so the settings page shows the URL then. */
export const FeedTokenCreatedResponseSchema = z.object({
  success: z.literal(true),
  token: FeedTokenInfoSchema.extend({ value: FeedTokenSchema, opdsPath: z.string() }),
});
export type FeedTokenCreatedResponse = z.infer<typeof FeedTokenCreatedResponseSchema>;

export const FeedTokenRevokedResponseSchema = z.object({ success: z.literal(true) });
