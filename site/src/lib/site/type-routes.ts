import {
  isReadingSiteType,
  isTypeSection,
  typeSectionPath,
  type SeriesType,
  type SiteContext,
} from '@warraq/contracts/browser';
import { typeHref } from './manga-links';
import type { RequestSite } from './request';

/**
 * The site-wide pages (top-level files of `src/pages`, and the manga site's pages other branches add)
 * that `localhost/{type}/…` reaches with the type segment removed (spec §1: on localhost the first path
 * segment names the site, so `/novel/login` is the login page of the novel site). Any other path under
 * a reading type — `/novel/popular`, `/novel/{id}`, `/manhwa/category/action` — is that type's own
 * route and keeps its prefix. `type-routes.spec.ts` checks every page file is listed.
 */
export const SITE_WIDE_SEGMENTS: ReadonlySet<string> = new Set([
  '404',
  'account',
  'admin',
  'auth',
  'chapter-groups',
  'community',
  'content',
  'create',
  'dashboard',
  'dashboard-redirect',
  'domains',
  'follows',
  'latest',
  'library',
  'login',
  'login_ALGOO',
  'main',
  'manga',
  'manhua',
  'manhwa',
  'notifications',
  'novel',
  'novel-faces',
  'profile',
  'random',
  'read',
  'recent',
  'register',
  'search',
  'series',
  'services',
  'settings',
  'updates',
  'upload',
]);

/** The path a path-named site's request is served from, or null to serve the path as asked. */
export function pathContextRewrite(context: SiteContext): string | null {
  const { source, innerPath, siteType } = context;
  if (source !== 'path' || !innerPath || innerPath === '/') return null;
  if (!isReadingSiteType(siteType)) return innerPath;
  const segment = innerPath.split('/')[1] ?? '';
  if (isTypeSection(segment) || segment === 'category') return null;
  return SITE_WIDE_SEGMENTS.has(segment) ? innerPath : null;
}

/** The `{type}` of a per-type route (`/manhwa/…`), or null when it names no reading site. */
export function routeType(param: string | undefined): SeriesType | null {
  return isReadingSiteType(param) ? param : null;
}

/**
 * Where a request for a series page must go instead (301), or null when it is already at the
 * canonical URL: the series' own path form, on its own type's site. A page of another reading site
 * (a manhwa opened on the manga site) moves to that site; the query is kept (`subdomain` is re-derived).
 */
export function canonicalLocation(
  site: RequestSite,
  search: URLSearchParams,
  requestedPath: string,
  seriesType: SeriesType,
  canonicalPath: string,
): string | null {
  const { siteType } = site.context;
  const onOtherSite = isReadingSiteType(siteType) && siteType !== seriesType;
  if (requestedPath === canonicalPath && !onOtherSite) return null;
  const query = new URLSearchParams(search);
  query.delete('subdomain');
  const suffix = query.size > 0 ? `${canonicalPath.includes('?') ? '&' : '?'}${query.toString()}` : '';
  return typeHref(site, seriesType, `${canonicalPath}${suffix}`);
}

/** What a per-type list route (`/{type}/{section}`) renders: its type, a redirect, or not-found. */
export type SectionOutcome =
  { kind: 'page'; type: SeriesType } | { kind: 'redirect'; location: string } | { kind: 'notFound' };

/**
 * `/{type}/{section}`: the type's list page, at its canonical path on its own site. The manga site's
 * browse, latest and updates keep their spec URLs (`/series/manga`, `/latest`, `/updates`).
 */
export function sectionRoute(
  site: RequestSite,
  url: URL,
  typeParam: string | undefined,
  section: string,
): SectionOutcome {
  const type = routeType(typeParam);
  if (!type) return { kind: 'notFound' };
  const requested = `/${type}/${section}`;
  const target = isTypeSection(section) ? typeSectionPath(type, section) : requested;
  const location = canonicalLocation(site, url.searchParams, requested, type, target);
  return location ? { kind: 'redirect', location } : { kind: 'page', type };
}
