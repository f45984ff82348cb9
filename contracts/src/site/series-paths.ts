import type { Category, SeriesType } from '../content/content.constants.js';

/**
 * The one place a series' canonical path is decided (issue 13): each type lives on its own site,
 * manga keeps the spec's `/series/manga/{slug}` and `/series/manga/{slug}/{n}`, the other types the
 * spec's per-type links `/{type}/{id}` and `/{type}/{id}/chapter/{n}` (the novel site's form, given
 * to manhua and manhwa too so the four sites work alike). Cards, lists, search, the reader and the
 * platform's notification and profile links all build their paths here; a path of another form
 * answers a permanent redirect to this one.
 */
export function seriesPath(type: SeriesType, slug: string): string {
  const id = encodeURIComponent(slug);
  return type === 'manga' ? `/series/manga/${id}` : `/${type}/${id}`;
}

/** A chapter number as paths and titles write it: at most two decimals, no trailing zeros. */
export function chapterNumberText(chapterNumber: number): string {
  return String(Number(chapterNumber.toFixed(2)));
}

/** The reader path of a chapter number (and, with `variantId`, of exactly that variant). */
export function chapterPath(
  type: SeriesType,
  slug: string,
  chapterNumber: number | string,
  variantId?: number,
): string {
  const n = typeof chapterNumber === 'number' ? chapterNumberText(chapterNumber) : chapterNumber;
  const base = type === 'manga' ? `${seriesPath(type, slug)}/${n}` : `${seriesPath(type, slug)}/chapter/${n}`;
  return variantId === undefined ? base : `${base}?variant=${variantId}`;
}

/** A chapter's number and its variant's id, where something happened on a chapter. */
export interface ChapterRef {
  id: number;
  number: number | string;
}

/** A row's chapter, when it has one (a comment or an activity on a series has neither id nor number). */
export function chapterRef(id: number | null, number: number | string | null): ChapterRef | null {
  return id !== null && number !== null ? { id, number } : null;
}

/** The page of that chapter's very variant, or of the series when there is no chapter. */
export function chapterOrSeriesPath(type: SeriesType, slug: string, chapter: ChapterRef | null): string {
  return chapter ? chapterPath(type, slug, chapter.number, chapter.id) : seriesPath(type, slug);
}

/**
 * Where a comment is read, anchored at it: under the very chapter it was written on (that variant, as
 * a chapter's number may have several, each with its own comments), or in the series page's comments
 * tab.
 */
export function commentPath(
  type: SeriesType,
  slug: string,
  commentId: number,
  chapter: ChapterRef | null,
): string {
  const page = chapter
    ? chapterPath(type, slug, chapter.number, chapter.id)
    : `${seriesPath(type, slug)}?tab=comments`;
  return `${page}#comment-${commentId}`;
}

/** The list pages every reading site has (spec §2 "other links"), each filtered to the site's type. */
export const TYPE_SECTIONS = ['browse', 'latest', 'popular', 'trending', 'completed', 'updates'] as const;
export type TypeSection = (typeof TYPE_SECTIONS)[number];

export function isTypeSection(value: unknown): value is TypeSection {
  return typeof value === 'string' && (TYPE_SECTIONS as readonly string[]).includes(value);
}

/**
 * The path of a type's list page. The manga site keeps its own URLs: its browse page is
 * `/series/manga`, its latest `/latest` and its updates the followed-series page `/updates`.
 */
export function typeSectionPath(type: SeriesType, section: TypeSection): string {
  if (type === 'manga' && section === 'browse') return '/series/manga';
  if (type === 'manga' && (section === 'latest' || section === 'updates')) return `/${section}`;
  return `/${type}/${section}`;
}

/** A type's category page (spec §2: `/manhwa/category/{action|romance|fantasy|drama}`). */
export function categoryPath(type: SeriesType, category: Category): string {
  return `/${type}/category/${category}`;
}
