import { chapterPath, type ChapterVariant, type SeriesType } from '@warraq/contracts';
import { href } from './href';

export { profilePath } from './href';
import { otherSiteHref } from './links';
import type { RequestSite } from './request';

// The canonical series and chapter paths are decided once, in contracts (the platform's links use them too).
export { chapterPath, seriesPath, typeSectionPath, categoryPath } from '@warraq/contracts';

/** A manga-site link as the spec writes it (`?subdomain=manga` kept, spec §2 Manga sidebar and home). */
export function mangaHref(path: string): string {
  return href(path, { siteType: 'manga', keepSubdomain: true });
}

/** A link within the manga pages, carrying `?subdomain=` only when the request's site needs it. */
export function contentHref(site: RequestSite, path: string): string {
  return href(path, { siteType: site.context.siteType, keepSubdomain: site.keepSubdomain });
}

/**
 * A link to a page of `type`'s reading site: relative on that site, else that site's own origin (or
 * `?subdomain=` where sites are named by query or on localhost), so a card of a manhwa on the manga
 * home goes straight to the manhwa site instead of through a redirect.
 */
export function typeHref(site: RequestSite, type: SeriesType, path: string): string {
  if (site.context.siteType === type) return contentHref(site, path);
  return otherSiteHref(site, type, path);
}

/**
 * A link of `type`'s site as that site's own pages (layout, home) write it: the manga site's keep
 * `?subdomain=manga` as the spec writes them (§2); another type's keep `?subdomain=` when its site was
 * named by query or path, or when its page is shown under another site.
 */
export function siteLink(site: RequestSite, type: SeriesType, path: string): string {
  if (type === 'manga') return mangaHref(path);
  return href(path, { siteType: type, keepSubdomain: site.keepSubdomain || site.context.siteType !== type });
}

/** The link of each variant of a series' chapter list, on the site the list is shown on. */
export function chapterVariantHref(
  site: RequestSite,
  type: SeriesType,
  slug: string,
): (variant: ChapterVariant) => string {
  return (variant) => contentHref(site, chapterPath(type, slug, variant.chapterNumber, variant.id));
}
