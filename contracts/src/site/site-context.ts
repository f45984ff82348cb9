import { isSiteType, type SiteType } from './site-types.js';

export interface SiteContextInput {
  /** The Host header, with or without a port. */
  host: string;
  pathname: string;
  /** The query string (with or without '?') or parsed parameters. */
  search?: string | URLSearchParams;
  /** The configured base domain, e.g. `example.com` or `warraq.localhost`. */
  baseDomain: string;
  /** The client's stored dashboard flag (spec §1); only ever used to choose what to render. */
  storedDashboardFlag?: boolean;
}

export type SiteContextSource = 'query' | 'host' | 'path' | 'default';

export interface SiteContext {
  siteType: SiteType;
  /** Where {@link siteType} was read from. */
  source: SiteContextSource;
  isDashboard: boolean;
  isAdmin: boolean;
  /** A bare loopback host (localhost, 127.0.0.1, ::1), where the first path segment may name the site. */
  isLocalhost: boolean;
  /** Set when the site was named by the first path segment: the path with that segment removed. */
  innerPath: string | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DASHBOARD_EXACT_PATHS = new Set(['/content', '/services', '/domains', '/login']);
const ADMIN_LOCAL_PATHS = ['/admin', '/content', '/services', '/domains'];

export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return (colon === -1 ? h : h.slice(0, colon)).replace(/\.$/, '');
}

function matchesPathPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The site a host names: the label under the base domain, else the first label; www means main. */
export function siteTypeFromHost(host: string, baseDomain: string): SiteType | null {
  const hostname = hostnameOf(host);
  const base = baseDomain.toLowerCase();
  if (!hostname || LOOPBACK_HOSTS.has(hostname)) return null;
  if (hostname === base) return 'main';
  const label = hostname.endsWith(`.${base}`)
    ? hostname
        .slice(0, -(base.length + 1))
        .split('.')
        .pop()
    : hostname.split('.')[0];
  if (label === 'www') return 'main';
  return isSiteType(label) ? label : null;
}

/**
 * Spec §1 "Site context detection", as one pure function: the subdomain comes from `?subdomain=`,
 * else the host, else (on a loopback host) the first path segment; dashboard and admin context are
 * derived from it and from the path.
 */
export function resolveSiteContext(input: SiteContextInput): SiteContext {
  const params =
    input.search instanceof URLSearchParams ? input.search : new URLSearchParams(input.search ?? '');
  const pathname = input.pathname || '/';
  const isLocalhost = LOOPBACK_HOSTS.has(hostnameOf(input.host));
  const hostType = siteTypeFromHost(input.host, input.baseDomain);
  const queryType = params.get('subdomain')?.trim().toLowerCase();

  let siteType: SiteType = 'main';
  let source: SiteContextSource = 'default';
  let innerPath: string | null = null;

  if (isSiteType(queryType)) {
    siteType = queryType;
    source = 'query';
  } else if (hostType) {
    siteType = hostType;
    source = 'host';
  } else if (isLocalhost) {
    const segment = pathname.split('/')[1]?.toLowerCase();
    if (isSiteType(segment)) {
      siteType = segment;
      source = 'path';
      innerPath = pathname.slice(segment.length + 1) || '/';
    }
  }

  const isDashboard =
    siteType === 'dashboard' ||
    matchesPathPrefix(pathname, '/dashboard') ||
    DASHBOARD_EXACT_PATHS.has(pathname) ||
    input.storedDashboardFlag === true;

  const isAdmin =
    hostType === 'admin' ||
    (isLocalhost && ADMIN_LOCAL_PATHS.some((prefix) => matchesPathPrefix(pathname, prefix)));

  return { siteType, source, isDashboard, isAdmin, isLocalhost, innerPath };
}

/** The absolute origin of a site on the base domain, e.g. `http://manga.warraq.localhost:8080`. */
export function siteOrigin(
  siteType: SiteType,
  base: { protocol: string; baseDomain: string; port?: string },
) {
  const host = siteType === 'main' ? base.baseDomain : `${siteType}.${base.baseDomain}`;
  const port = base.port && !['80', '443', ''].includes(base.port) ? `:${base.port}` : '';
  return `${base.protocol.replace(/:$/, '')}://${host}${port}`;
}
