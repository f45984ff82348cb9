import { READING_SITE_TYPES, type ReadingSiteType, type SiteType } from '@warraq/contracts/browser';
import { href } from './href';
import type { RequestSite } from './request';

/** A link within the current site (keeps `?subdomain=` when the site was named by query or path). */
export function siteHref(site: RequestSite, path: string): string {
  return href(path, { siteType: site.context.siteType, keepSubdomain: site.keepSubdomain });
}

/** A link to the home of another site: its own origin, or `?subdomain=` on a loopback or query-named site. */
export function otherSiteHref(site: RequestSite, type: SiteType, path = '/'): string {
  if (site.keepSubdomain || site.context.isLocalhost) {
    return href(path, { siteType: type, keepSubdomain: true });
  }
  return `${site.origins[type]}${path}`;
}

/** A path on the dashboard site: same origin when already there (or named by query/path), else its origin. */
export function dashboardHref(site: RequestSite, path: string): string {
  if (site.context.siteType === 'dashboard' || site.keepSubdomain || site.context.source !== 'host') {
    return siteHref(site, path);
  }
  return `${site.origins.dashboard}${path}`;
}

export function loginPath(site: RequestSite): '/login' | '/login_ALGOO' {
  return site.context.siteType === 'admin' ? '/login_ALGOO' : '/login';
}

export const READING_SITES: readonly ReadingSiteType[] = READING_SITE_TYPES;

/** The login page of this site, coming back to `back` (a path with its query) once signed in. */
export function loginBackHref(site: RequestSite, back: string): string {
  return siteHref(site, `${loginPath(site)}?redirect=${encodeURIComponent(back)}`);
}
