import { z } from 'zod';
import { ListMetaSchema, pageNumber } from '../common/list.schemas.js';
import { westernDigits } from '../common/arabic-number.js';
import { NovelDocumentSchema } from '../novel/novel-text.structure.js';
import {
  CATEGORIES,
  CHAPTER_LANGUAGES,
  CONTENT_LIMITS,
  MODERATION_STATUSES,
  ORIGINS,
  READING_MODES,
  SERIES_STATUSES,
  SERIES_TYPES,
  SORTS,
  TYPE_ORIGINS,
  type Origin,
  type SeriesType,
} from './content.constants.js';

export const SeriesTypeSchema = z.enum(SERIES_TYPES, { error: 'نوع عمل غير صالح' });
export const SeriesStatusSchema = z.enum(SERIES_STATUSES, { error: 'حالة غير صالحة' });
export const OriginSchema = z.enum(ORIGINS, { error: 'بلد منشأ غير صالح' });
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES, { error: 'حالة مراجعة غير صالحة' });
export const ChapterLanguageSchema = z.enum(CHAPTER_LANGUAGES, { error: 'يرجى اختيار اللغة' });
export const ReadingModeSchema = z.enum(READING_MODES);

export const CONTENT_MESSAGES = {
  titleMin: 'يجب أن يكون العنوان ٣ أحرف على الأقل',
  descriptionMin: 'يجب أن يكون الوصف ٢٠ حرفًا على الأقل',
  /** Covers are uploaded and stored by us; a link to an image elsewhere is refused (docs/media-storage.md). */
  coverUrlRefused: 'لا تُقبل روابط الصور الخارجية، يرجى رفع صورة الغلاف',
  author: 'يرجى إدخال اسم المؤلف',
  year: 'يرجى إدخال سنة صالحة (٤ أرقام)',
  mangaNotFound: 'مانجا غير موجودة',
  chapterLoadFailed: 'حدث خطأ أثناء تحميل الفصل',
  chapterNotFound: 'الفصل غير موجود',
  /** A reading position past the chapter's last paragraph, or in a chapter of images. */
  paragraphOutOfRange: 'هذه الفقرة ليست في الفصل',
  created: 'تم إنشاء المانجا بنجاح',
  loginToLike: 'يرجى تسجيل الدخول للإعجاب بالفصل',
  loginToFavorite: 'يرجى تسجيل الدخول لإضافة المانجا إلى المفضلة',
  /** A manhwa from anywhere but Korea, a manhua from anywhere but China (TYPE_ORIGINS). */
  originForType:
    'بلد المنشأ لا يوافق نوع العمل: المانهوا من كوريا، والمانها من الصين، والمانجا من اليابان أو غيرها',
} as const;

/** The check both the add form and the server make: the origin is one its type allows (TYPE_ORIGINS). */
function originFitsType(
  value: { type: SeriesType; origin: Origin | undefined },
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void },
  path: PropertyKey[],
): void {
  if (value.origin !== undefined && !TYPE_ORIGINS[value.type].includes(value.origin)) {
    ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.originForType, path });
  }
}

/** A decimal chapter number as written in URLs and forms: 1, 1.5, 12.25 (at most two decimals). */
export const ChapterNumberSchema = z.coerce
  .number({ error: 'يرجى إدخال رقم الفصل' })
  .min(0, 'يرجى إدخال رقم الفصل')
  .max(100_000, 'رقم فصل غير صالح')
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    message: 'رقم فصل غير صالح',
  });

export const SeriesMetadataSchema = z.object({
  originalTitle: z.string().nullable(),
  altTitles: z.array(z.string()),
  author: z.string().nullable(),
  artist: z.string().nullable(),
  year: z.number().int().nullable(),
  tags: z.array(z.string()),
  origin: OriginSchema.nullable(),
});
export type SeriesMetadata = z.infer<typeof SeriesMetadataSchema>;

export const RatingSchema = z.object({ average: z.number(), count: z.number().int() });

/** One stored width of an image (a page, a cover), for `srcset`. */
export const ImageRenditionSchema = z.object({ width: z.number().int().positive(), url: z.string() });
export type ImageRendition = z.infer<typeof ImageRenditionSchema>;

/**
 * Every stored width of a series' cover, narrowest first, the full one last: a `srcset`, so a list of
 * small covers on a phone downloads the narrow copies. Empty without a cover.
 */
const CoverRenditionsSchema = z.array(ImageRenditionSchema);

/** A series as cards and lists show it: spec §3 "Content record" and "Manga content". */
export const SeriesSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: SeriesTypeSchema,
  status: SeriesStatusSchema,
  /** The cover URL (spec: thumbnail / cover_image); null shows the fallback image. */
  thumbnail: z.string().nullable(),
  cover_image: z.string().nullable(),
  /** Cover dimensions when known, so cards reserve their space. */
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
  coverRenditions: CoverRenditionsSchema,
  moderationStatus: ModerationStatusSchema,
  metadata: SeriesMetadataSchema,
  viewCount: z.number().int(),
  likes: z.number().int(),
  favorites: z.number().int(),
  rating: RatingSchema,
  chaptersCount: z.number().int(),
  latestChapterNumber: z.number().nullable(),
  lastChapterAt: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SeriesSummary = z.infer<typeof SeriesSummarySchema>;

/** One chapter variant in a series' chapter list (spec §3 "Chapter variant"). */
export const ChapterVariantSchema = z.object({
  id: z.number().int(),
  chapterNumber: z.number(),
  chapter_number: z.number(),
  title: z.string().nullable(),
  language: ChapterLanguageSchema,
  group: z.string().nullable(),
  translator: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  uploadedDays: z.number().int(),
  publishedAt: z.string().nullable(),
  pageCount: z.number().int(),
  moderationStatus: ModerationStatusSchema,
});
export type ChapterVariant = z.infer<typeof ChapterVariantSchema>;

export const SeriesDetailSchema = SeriesSummarySchema.extend({
  description: z.string(),
  creator: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  chapters: z.array(ChapterVariantSchema),
  related: z.array(SeriesSummarySchema),
});
export type SeriesDetail = z.infer<typeof SeriesDetailSchema>;

export const SeriesDetailResponseSchema = z.object({ success: z.literal(true), data: SeriesDetailSchema });
export type SeriesDetailResponse = z.infer<typeof SeriesDetailResponseSchema>;

export const ChapterPageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The uploaded page this image is part of: the slices of one tall strip share it. */
  source: z.number().int().nonnegative(),
  /**
   * Every stored width of this image, narrowest first, the full one (`url`, `width`) last: the
   * reader's `srcset`, so a phone downloads the narrow copy. Never wider than the upload.
   */
  renditions: z.array(ImageRenditionSchema),
  /**
   * AVIF copies of the same widths, narrowest first, where one was made and pays (a later job makes
   * them after publication): the reader offers them as an `image/avif` source. Empty until then.
   */
  avif: z.array(ImageRenditionSchema),
});
export type ChapterPage = z.infer<typeof ChapterPageSchema>;

export const ChapterLinkSchema = z.object({ id: z.number().int(), chapterNumber: z.number() }).nullable();

/** Spec §3 "Chapter (reader response)", with page dimensions so the reader reserves space. */
export const ChapterReaderSchema = z.object({
  id: z.number().int(),
  mangaId: z.number().int(),
  mangaSlug: z.string(),
  mangaTitle: z.string(),
  mangaType: SeriesTypeSchema,
  title: z.string().nullable(),
  chapterNumber: z.number(),
  language: ChapterLanguageSchema,
  images: z.array(z.string()),
  pages: z.array(ChapterPageSchema),
  /** Novel chapters carry text instead of pages: the stored structure, its words and reading time. */
  text: NovelDocumentSchema.nullable(),
  wordCount: z.number().int().nonnegative().nullable(),
  readingMinutes: z.number().int().nonnegative().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  publishedTime: z.string().nullable(),
  translator: z.string().nullable(),
  group: z.string().nullable(),
  moderationStatus: ModerationStatusSchema,
  nextChapter: ChapterLinkSchema,
  prevChapter: ChapterLinkSchema,
  /** Every chapter number of the series, for the picker ('الفصل {n}'). */
  chapterNumbers: z.array(z.number()),
  /** The other variants of this number (languages, groups). */
  variants: z.array(ChapterVariantSchema),
});
export type ChapterReader = z.infer<typeof ChapterReaderSchema>;

export const ChapterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ChapterReaderSchema,
});
export type ChapterResponse = z.infer<typeof ChapterResponseSchema>;

export const ChapterQuerySchema = z.object({
  /** Picks one variant of the number; else the preferred language, else the newest approved. */
  variant: z.coerce.number().int().positive().optional(),
  lang: ChapterLanguageSchema.optional(),
});

const searchText = z.string().trim().max(100, 'نص البحث طويل جدًا').optional();

export const PageCursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, 'مؤشر صفحة غير صالح');

export const ListContentQuerySchema = z.object({
  type: SeriesTypeSchema.optional(),
  page: pageNumber(1, 100_000),
  limit: pageNumber(CONTENT_LIMITS.listLimitDefault, CONTENT_LIMITS.listLimitMax),
  search: searchText,
  /** Moderation status; anything but approved needs a moderator. */
  status: ModerationStatusSchema.optional(),
  seriesStatus: SeriesStatusSchema.optional(),
  category: z.enum(CATEGORIES, { error: 'تصنيف غير صالح' }).optional(),
  sort: z.enum(SORTS, { error: 'ترتيب غير صالح' }).optional(),
  /**
   * Keyset cursors from a previous answer's meta: the page right after (or before) that one, found by
   * its sort key instead of skipping rows, so page 500 costs what page 1 does.
   */
  after: PageCursorSchema.optional(),
  before: PageCursorSchema.optional(),
});
export type ListContentQuery = z.infer<typeof ListContentQuerySchema>;

export const SeriesListResponseSchema = z.object({
  data: z.array(SeriesSummarySchema),
  meta: ListMetaSchema.extend({
    /** Cursors of the next and previous pages (null at the ends, and for search results). */
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  }),
});
export type SeriesListResponse = z.infer<typeof SeriesListResponseSchema>;

/**
 * `/search?q=` of every reading site: the catalogue's Arabic-folded fuzzy search over all four
 * types, one type's page of results (`type`, else every type) with the count of each type beside it.
 */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'يرجى إدخال نص البحث').max(100, 'نص البحث طويل جدًا'),
  type: SeriesTypeSchema.optional(),
  page: pageNumber(1, 100_000),
  limit: pageNumber(CONTENT_LIMITS.mangaListPageSize, CONTENT_LIMITS.listLimitMax),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResponseSchema = z.object({
  data: z.array(SeriesSummarySchema),
  meta: ListMetaSchema,
  /** How many approved series of each type match, whatever `type` was asked. */
  facets: z.object({
    manga: z.number().int(),
    manhua: z.number().int(),
    manhwa: z.number().int(),
    novel: z.number().int(),
  }),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const MangaListQuerySchema = z.object({
  search: searchText,
  page: pageNumber(1, 100_000),
  /** The add-chapter form of another type's site lists that type's series (manga when absent, as the spec). */
  type: SeriesTypeSchema.optional(),
});

/** Spec §7 GET /api/manga: `{data: [manga]}` (also fills the add-chapter form's select). */
export const MangaListResponseSchema = z.object({ data: z.array(SeriesSummarySchema), meta: ListMetaSchema });

/** Spec §7 GET /api/content/popular-new: without `type` the mixed feed (the manga home's), with it one type's site. */
export const HomeFeedQuerySchema = z.object({ type: SeriesTypeSchema.optional() });
export type HomeFeedQuery = z.infer<typeof HomeFeedQuerySchema>;

/** Spec §7 GET /api/content/popular-new: items carry `content.type`. */
export const HomeItemSchema = SeriesSummarySchema.extend({ content: z.object({ type: SeriesTypeSchema }) });
export const HomeFeedResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(HomeItemSchema),
  seasonal: z.array(HomeItemSchema),
  recent: z.array(HomeItemSchema),
  latestUpdates: z.array(
    z.object({
      id: z.number().int(),
      mangaSlug: z.string(),
      /** The series' type: its link goes to that type's site. */
      mangaType: SeriesTypeSchema,
      mangaTitle: z.string(),
      coverImage: z.string().nullable(),
      coverRenditions: CoverRenditionsSchema,
      title: z.string().nullable(),
      chapterNumber: z.number(),
      language: ChapterLanguageSchema,
      group: z.string().nullable(),
      releaseTime: z.string(),
      views: z.number().int(),
    }),
  ),
});
export type HomeFeedResponse = z.infer<typeof HomeFeedResponseSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Spec §7 POST /api/content: {title, description, type, status, thumbnail, metadata{...}}. */
export const CreateContentBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(CONTENT_LIMITS.titleMin, CONTENT_MESSAGES.titleMin)
      .max(CONTENT_LIMITS.titleMax),
    description: z
      .string()
      .trim()
      .min(CONTENT_LIMITS.descriptionMin, CONTENT_MESSAGES.descriptionMin)
      .max(CONTENT_LIMITS.descriptionMax),
    type: SeriesTypeSchema.default('manga'),
    status: SeriesStatusSchema.default('ongoing'),
    /**
     * Spec §7 names it, but a cover URL would make every visitor's browser fetch a third party's image:
     * only an empty value is accepted; covers come from an upload (coverKey).
     */
    thumbnail: z
      .literal('', { error: CONTENT_MESSAGES.coverUrlRefused })
      .optional()
      .transform(() => undefined),
    /** A cover uploaded through POST /api/media/covers (processed and stored by the platform). */
    coverKey: z
      .string()
      .regex(/^[a-f0-9]{64}\.webp$/, 'صورة غلاف غير صالحة')
      .optional(),
    metadata: z.object({
      originalTitle: optionalText(CONTENT_LIMITS.titleMax),
      altTitles: z
        .array(z.string().trim().min(1).max(CONTENT_LIMITS.titleMax))
        .max(CONTENT_LIMITS.altTitlesMax)
        .default([]),
      author: z
        .string()
        .trim()
        .min(CONTENT_LIMITS.authorMin, CONTENT_MESSAGES.author)
        .max(CONTENT_LIMITS.authorMax),
      artist: optionalText(CONTENT_LIMITS.authorMax),
      year: z.coerce
        .number({ error: CONTENT_MESSAGES.year })
        .int(CONTENT_MESSAGES.year)
        .min(1000, CONTENT_MESSAGES.year)
        .max(9999, CONTENT_MESSAGES.year),
      tags: z
        .array(z.string().trim().min(1).max(CONTENT_LIMITS.tagMax))
        .max(CONTENT_LIMITS.tagsMax)
        .default([]),
      /** Left out: the type's own (defaultOrigin). */
      origin: OriginSchema.optional(),
    }),
  })
  .superRefine((body, ctx) =>
    originFitsType({ type: body.type, origin: body.metadata.origin }, ctx, ['metadata', 'origin']),
  );
export type CreateContentBody = z.input<typeof CreateContentBodySchema>;

export const COVER_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  width: 600,
  height: 900,
  /** The narrower copies stored beside each cover (same shape), for lists of small covers. */
  renditionWidths: [200, 400] as const,
  invalidType: 'ملفات غير صالحة: يُقبل JPG وPNG وWebP فقط',
  tooLarge: 'حجم الصورة يتجاوز ١٠ ميغابايت',
  unreadable: 'تعذرت قراءة الصورة، قد تكون تالفة أو أبعادها كبيرة جدًا',
  missing: 'صورة الغلاف غير موجودة، يرجى رفعها من جديد',
} as const;

export const CoverUploadResponseSchema = z.object({
  success: z.literal(true),
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CoverUploadResponse = z.infer<typeof CoverUploadResponseSchema>;

export const CreateContentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  slug: z.string(),
  moderationStatus: ModerationStatusSchema,
});

/** The add-manga form (spec §5 manga form): text fields the browser splits before sending. */
export const MangaFormSchema = z
  .object({
    title: z.string().trim().min(CONTENT_LIMITS.titleMin, CONTENT_MESSAGES.titleMin),
    description: z.string().trim().min(CONTENT_LIMITS.descriptionMin, CONTENT_MESSAGES.descriptionMin),
    /** Set when a cover file was uploaded; without one the series shows the fallback cover. */
    coverKey: z.string(),
    author: z.string().trim().min(CONTENT_LIMITS.authorMin, CONTENT_MESSAGES.author),
    artist: z.string().trim(),
    status: SeriesStatusSchema,
    year: z
      .string()
      .trim()
      // Four digits in any of the systems a reader types (the field shows the page's, «٢٠٢٦»).
      .regex(/^[0-9\u0660-\u0669\u06F0-\u06F9]{4}$/, CONTENT_MESSAGES.year),
    originalTitle: z.string().trim(),
    altTitles: z.string(),
    tags: z.string(),
    /** The type of work: preselected by the site the form was opened from. */
    type: SeriesTypeSchema,
    origin: OriginSchema,
  })
  .superRefine((form, ctx) => originFitsType(form, ctx, ['origin']));
export type MangaForm = z.infer<typeof MangaFormSchema>;

/** Spec §5: altTitles split by newline; tags by comma, trimmed, empties dropped; artist defaults to author. */
export function mangaFormToBody(form: MangaForm): CreateContentBody {
  const split = (text: string, by: RegExp) =>
    text
      .split(by)
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    status: form.status,
    coverKey: form.coverKey || undefined,
    metadata: {
      originalTitle: form.originalTitle || undefined,
      altTitles: split(form.altTitles, /\r?\n/),
      author: form.author,
      artist: form.artist || form.author,
      year: Number(westernDigits(form.year)),
      tags: split(form.tags, /[,،]/),
      origin: form.origin,
    },
  };
}

export const LikeBodySchema = z.object({
  contentId: z.coerce.number().int().positive(),
  chapterId: z.coerce.number().int().positive(),
  action: z.enum(['like', 'unlike']),
});
export const LikeResponseSchema = z.object({
  success: z.literal(true),
  isLiked: z.boolean(),
  likes: z.number().int(),
});

export const FavoriteBodySchema = z.object({
  contentId: z.coerce.number().int().positive(),
  action: z.enum(['add', 'remove']),
});
export const FavoriteResponseSchema = z.object({
  success: z.literal(true),
  isFavorite: z.boolean(),
  favorites: z.number().int(),
});

export const UserStatusQuerySchema = z.object({
  contentId: z.coerce.number().int().positive(),
  chapterId: z.coerce.number().int().positive().optional(),
});
export const UserStatusResponseSchema = z.object({
  success: z.literal(true),
  isLiked: z.boolean(),
  isFavorite: z.boolean(),
  userRating: z.number().int().nullable(),
  /** Where the reader stopped in this series, for "start reading" to resume. */
  progress: z
    .object({
      chapterId: z.number().int(),
      chapterNumber: z.number(),
      page: z.number().int(),
      /** In a text chapter, the block the reader had at the top of the screen. */
      paragraph: z.number().int().nullable(),
    })
    .nullable(),
  readingMode: ReadingModeSchema.nullable(),
});
export type UserStatusResponse = z.infer<typeof UserStatusResponseSchema>;

export const RateBodySchema = z.object({
  contentId: z.coerce.number().int().positive(),
  score: z.coerce.number().int().min(CONTENT_LIMITS.ratingMin).max(CONTENT_LIMITS.ratingMax),
});
export const RateResponseSchema = z.object({
  success: z.literal(true),
  rating: RatingSchema,
  userRating: z.number().int(),
});

export const ProgressBodySchema = z.object({
  contentId: z.coerce.number().int().positive(),
  chapterId: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  readingMode: ReadingModeSchema.optional(),
  /** A text chapter's topmost visible block (its index in `text.blocks`): resumed there. */
  paragraph: z.coerce
    .number({ error: 'رقم الفقرة غير صالح' })
    .int('رقم الفقرة غير صالح')
    .min(0, 'رقم الفقرة غير صالح')
    .max(100_000, 'رقم الفقرة غير صالح')
    .optional(),
});
export type ProgressBody = z.input<typeof ProgressBodySchema>;
export const ProgressResponseSchema = z.object({ success: z.literal(true) });
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;
export type ChapterQuery = z.infer<typeof ChapterQuerySchema>;
export type MangaListQuery = z.infer<typeof MangaListQuerySchema>;
export type MangaListResponse = z.infer<typeof MangaListResponseSchema>;
export type HomeItem = z.infer<typeof HomeItemSchema>;
export type CreateContentInput = z.output<typeof CreateContentBodySchema>;
export type CreateContentResponse = z.infer<typeof CreateContentResponseSchema>;
export type LikeBody = z.infer<typeof LikeBodySchema>;
export type LikeResponse = z.infer<typeof LikeResponseSchema>;
export type FavoriteBody = z.infer<typeof FavoriteBodySchema>;
export type FavoriteResponse = z.infer<typeof FavoriteResponseSchema>;
export type UserStatusQuery = z.infer<typeof UserStatusQuerySchema>;
export type RateBody = z.infer<typeof RateBodySchema>;
export type RateResponse = z.infer<typeof RateResponseSchema>;
export type ProgressInput = z.output<typeof ProgressBodySchema>;

const seriesId = z.coerce
  .number({ error: 'معرّف غير صالح' })
  .int()
  .positive('معرّف غير صالح')
  .max(2 ** 31 - 1);
const seriesSlug = z.string().trim().min(1).max(255);

/** Path and query parts of the series and reader routes (`/api/manga/:id`, `/api/series/manga/:slug[/:n]`). */
export const SeriesSlugParamsSchema = z.object({ slug: seriesSlug });
export const SeriesIdParamsSchema = z.object({ id: seriesId });
export const SeriesDetailQuerySchema = z.object({ id: seriesId.optional() });
export const ChapterParamsSchema = z.object({ slug: seriesSlug, chapterNumber: ChapterNumberSchema });
