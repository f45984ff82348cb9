import {
  type ChapterLanguage,
  chapterPath as canonicalChapterPath,
  type ContentKind,
  type ModerationItem,
  type ModerationReview,
  type ModerationStatus,
  seriesPath as canonicalSeriesPath,
  type SeriesType,
  arabicNumber,
} from '@warraq/contracts';

/** Shown for an item whose creator's account is gone (spec §3 content item creator). */
export const UNKNOWN_CREATOR = 'غير معروف';

/** A chapter's name in the queue, the log and notifications: its series and its number. */
export function chapterItemTitle(seriesTitle: string, number: number): string {
  return `${seriesTitle} — الفصل ${arabicNumber(number)}`;
}

/** The site page that opens a series: its canonical path on its type's site (contracts' seriesPath). */
export function seriesPath(type: SeriesType, slug: string): string {
  return canonicalSeriesPath(type, slug);
}

/** The reader page of exactly this chapter variant (ChapterQuerySchema's `variant` picks it). */
export function chapterPath(type: SeriesType, slug: string, number: number, chapterId: number): string {
  return canonicalChapterPath(type, slug, number, chapterId);
}

/** How a moderation action locks its item's row: `update` for a delete, `no key update` for a status change. */
export type LockMode = 'update' | 'no key update' | null;

/** A series or chapter row as the moderation locks read it, in one shape for both. */
export interface LockedRow {
  id: number;
  status: ModerationStatus;
  owner_id: number | null;
  series_id: number;
  slug: string;
  type: SeriesType;
  title: string;
  number: number | null;
  cover_key: string | null;
  cover_renditions: { key: string }[] | null;
}

/** A series or chapter as a moderation action sees it, read under its row lock. */
export interface LockedItem {
  contentType: ContentKind;
  id: number;
  status: ModerationStatus;
  ownerId: number | null;
  seriesId: number;
  slug: string;
  seriesType: SeriesType;
  seriesTitle: string;
  /** Chapters only. */
  number: number | null;
  /** Series only: the cover's key and its copies' (media a deletion may free). */
  coverKeys: string[];
}

export function toLockedItem(contentType: ContentKind, row: LockedRow): LockedItem {
  return {
    contentType,
    id: row.id,
    status: row.status,
    ownerId: row.owner_id,
    seriesId: row.series_id,
    slug: row.slug,
    seriesType: row.type,
    seriesTitle: row.title,
    number: row.number,
    coverKeys: row.cover_key ? [row.cover_key, ...(row.cover_renditions ?? []).map((copy) => copy.key)] : [],
  };
}

/** The title an item has in the queue, the log and notifications. */
export function itemTitle(item: LockedItem): string {
  return item.contentType === 'chapter' && item.number !== null
    ? chapterItemTitle(item.seriesTitle, item.number)
    : item.seriesTitle;
}

export interface QueueRow {
  content_type: ContentKind;
  id: number;
  type: SeriesType;
  creator: string | null;
  created_at: Date | string;
  status: ModerationStatus;
  series_id: number;
  slug: string;
  series_title: string;
  number: number | null;
  language: ChapterLanguage | null;
  page_count: number | null;
  review_action: 'approve' | 'reject' | null;
  review_by: string | null;
  review_at: Date | string | null;
  review_note: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toModerationItem(row: QueueRow): ModerationItem {
  const chapter = row.content_type === 'chapter' && row.number !== null;
  const review: ModerationReview | null =
    row.review_action && row.review_at
      ? { action: row.review_action, by: row.review_by, at: iso(row.review_at), note: row.review_note }
      : null;
  return {
    id: row.id,
    contentType: row.content_type,
    title: chapter ? chapterItemTitle(row.series_title, row.number!) : row.series_title,
    type: row.type,
    creator: row.creator ?? UNKNOWN_CREATOR,
    created_at: iso(row.created_at),
    status: row.status,
    series: { id: row.series_id, slug: row.slug, title: row.series_title },
    chapterNumber: chapter ? row.number : null,
    language: chapter ? row.language : null,
    pageCount: chapter ? row.page_count : null,
    path: chapter ? chapterPath(row.type, row.slug, row.number!, row.id) : seriesPath(row.type, row.slug),
    review,
  };
}
