import { formatChapterNumber } from '@/lib/content/chapter-groups';
import { href } from './href';
import type { RequestSite } from './request';

/** A manga-site link as the spec writes it (`?subdomain=manga` kept, spec §2 Manga sidebar and home). */
export function mangaHref(path: string): string {
  return href(path, { siteType: 'manga', keepSubdomain: true });
}

/** A link within the manga pages, carrying `?subdomain=` only when the request's site needs it. */
export function contentHref(site: RequestSite, path: string): string {
  return href(path, { siteType: site.context.siteType, keepSubdomain: site.keepSubdomain });
}

export function seriesPath(slug: string): string {
  return `/series/manga/${encodeURIComponent(slug)}`;
}

export function chapterPath(slug: string, chapterNumber: number, variantId?: number): string {
  const base = `${seriesPath(slug)}/${formatChapterNumber(chapterNumber)}`;
  return variantId === undefined ? base : `${base}?variant=${variantId}`;
}
