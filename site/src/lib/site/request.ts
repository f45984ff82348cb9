import {
  resolveSiteContext,
  siteInfoFor,
  siteOrigin,
  SITE_TYPES,
  type SiteContext,
  type SiteInfo,
  type SiteType,
} from '@warraq/contracts/browser';

export const BASE_DOMAIN = (process.env.WARRAQ_BASE_DOMAIN ?? 'warraq.localhost').toLowerCase();

/** What the site knows about the request's host: the site context, its info, and how to reach other sites. */
export interface RequestSite {
  context: SiteContext;
  info: SiteInfo;
  /** The host the browser used (X-Forwarded-Host, else Host). */
  host: string;
  protocol: 'http' | 'https';
  /** The port of the browser-facing host, '' when none. */
  port: string;
  /** The path the browser asked for (before any path-context rewrite). */
  requestedPath: string;
  /** Absolute origin of the current host. */
  origin: string;
  /** Absolute origin of every site type on the base domain. */
  origins: Record<SiteType, string>;
  /** Whether internal links must carry `?subdomain=` (the site was named by query or path). */
  keepSubdomain: boolean;
}

function firstValue(header: string | null): string | null {
  const value = header?.split(',')[0]?.trim();
  return value ? value : null;
}

function portOf(host: string): string {
  const match = /:(\d+)$/.exec(host);
  return match?.[1] ?? '';
}

export function readRequestSite(request: Request, url: URL): RequestSite {
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  const protocol = firstValue(request.headers.get('x-forwarded-proto')) === 'https' ? 'https' : 'http';
  const port = portOf(host);
  const context = resolveSiteContext({
    host,
    pathname: url.pathname,
    search: url.searchParams,
    baseDomain: BASE_DOMAIN,
  });
  const origins = Object.fromEntries(
    SITE_TYPES.map((type) => [type, siteOrigin(type, { protocol, baseDomain: BASE_DOMAIN, port })]),
  ) as Record<SiteType, string>;
  return {
    context,
    info: siteInfoFor(context.siteType),
    host,
    protocol,
    port,
    requestedPath: url.pathname,
    origin: `${protocol}://${host}`,
    origins,
    keepSubdomain: context.source === 'query' || context.source === 'path',
  };
}
