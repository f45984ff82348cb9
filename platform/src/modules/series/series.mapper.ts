import {
  COVER_UPLOAD,
  type ImageRendition,
  type ChapterLanguage,
  type ChapterVariant,
  type ModerationStatus,
  type Origin,
  type SeriesStatus,
  type SeriesSummary,
  type SeriesType,
} from '@warraq/contracts';
import type { CoverRenditionRow } from '../media/cover-renditions';
import { mediaUrl } from '../media/media-storage';

/** The columns every summary query selects (alias `s` for series). */
export const SUMMARY_COLUMNS = `s.id, s.slug, s.title, s.type, s.status, s.cover_key, s.cover_width, s.cover_height, s.cover_renditions,
  s.moderation_status, s.original_title, s.alt_titles, s.author, s.artist, s.year, s.tags,
  s.origin, s.view_count, s.like_count, s.favorite_count, s.rating_sum, s.rating_count, s.chapter_count,
  s.latest_chapter_number::float8 as latest_chapter_number, s.last_chapter_at, s.created_at, s.updated_at`;

export interface SeriesSummaryRow {
  id: number;
  slug: string;
  title: string;
  type: SeriesType;
  status: SeriesStatus;
  cover_key: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_renditions: CoverRenditionRow[];
  moderation_status: ModerationStatus;
  original_title: string | null;
  alt_titles: string[] | null;
  author: string | null;
  artist: string | null;
  year: number | null;
  tags: string[] | null;
  origin: Origin | null;
  view_count: number;
  like_count: number;
  favorite_count: number;
  rating_sum: number;
  rating_count: number;
  chapter_count: number;
  latest_chapter_number: number | null;
  last_chapter_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of a chapter variant (alias `c`). */
export const VARIANT_COLUMNS = `c.id, c.series_id, c.number::float8 as number, c.title, c.language,
  c.translation_group, c.uploader_id, c.moderation_status, c.published_at, c.view_count, c.like_count, c.comment_count,
  c.page_count, c.created_at`;

export interface ChapterVariantRow {
  id: number;
  series_id: number;
  number: number;
  title: string | null;
  language: ChapterLanguage;
  translation_group: string | null;
  uploader_id: number | null;
  moderation_status: ModerationStatus;
  published_at: Date | string | null;
  view_count: number;
  like_count: number;
  comment_count: number;
  page_count: number;
  created_at: Date | string;
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/**
 * Only covers we store are shown. A legacy row's `cover_url` (a link to another site, from before covers
 * had to be uploaded) is never handed out: every reader's browser would fetch it (docs/media-storage.md).
 */
export function coverUrlOf(row: Pick<SeriesSummaryRow, 'cover_key'>): string | null {
  return row.cover_key ? mediaUrl(row.cover_key) : null;
}

/** The cover's stored widths, narrowest first and the full one last (a `srcset`); empty without a cover. */
export function coverRenditionsOf(
  row: Pick<SeriesSummaryRow, 'cover_key' | 'cover_width' | 'cover_renditions'>,
): ImageRendition[] {
  if (!row.cover_key) return [];
  // The copies are stored narrowest first (media/cover-renditions.ts), all narrower than the cover.
  const full = { width: row.cover_width ?? COVER_UPLOAD.width, key: row.cover_key };
  return [...row.cover_renditions, full].map((copy) => ({ width: copy.width, url: mediaUrl(copy.key) }));
}

export function ratingOf(sum: number, count: number): { average: number; count: number } {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : 0, count };
}

export function toSeriesSummary(row: SeriesSummaryRow): SeriesSummary {
  const cover = coverUrlOf(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    status: row.status,
    thumbnail: cover,
    cover_image: cover,
    coverWidth: row.cover_width,
    coverHeight: row.cover_height,
    coverRenditions: coverRenditionsOf(row),
    moderationStatus: row.moderation_status,
    metadata: {
      originalTitle: row.original_title,
      altTitles: row.alt_titles ?? [],
      author: row.author,
      artist: row.artist,
      year: row.year,
      tags: row.tags ?? [],
      origin: row.origin,
    },
    viewCount: row.view_count,
    likes: row.like_count,
    favorites: row.favorite_count,
    rating: ratingOf(row.rating_sum, row.rating_count),
    chaptersCount: row.chapter_count,
    latestChapterNumber: row.latest_chapter_number,
    lastChapterAt: isoOrNull(row.last_chapter_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const DAY_MS = 86_400_000;

export function toChapterVariant(row: ChapterVariantRow, now = Date.now()): ChapterVariant {
  const released = row.published_at ?? row.created_at;
  return {
    id: row.id,
    chapterNumber: row.number,
    chapter_number: row.number,
    title: row.title,
    language: row.language,
    group: row.translation_group,
    translator: row.translation_group,
    views: row.view_count,
    likes: row.like_count,
    uploadedDays: Math.max(0, Math.floor((now - new Date(released).getTime()) / DAY_MS)),
    publishedAt: isoOrNull(row.published_at),
    pageCount: row.page_count,
    moderationStatus: row.moderation_status,
  };
}
