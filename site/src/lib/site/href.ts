import type { SiteType } from '@warraq/contracts';

export interface HrefContext {
  siteType: SiteType;
  keepSubdomain: boolean;
}

/**
 * An internal link. When the site was named by `?subdomain=` or the first path segment, the link
 * keeps it (as `?subdomain=`), so navigation stays on the same site.
 */
export function href(path: string, site: HrefContext): string {
  if (!site.keepSubdomain) return path;
  const url = new URL(path, 'http://relative.invalid');
  if (url.origin !== 'http://relative.invalid') return path;
  if (!url.searchParams.has('subdomain')) url.searchParams.set('subdomain', site.siteType);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A user's public profile page (on every reading site); the name is encoded, whatever its script. */
export function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}
