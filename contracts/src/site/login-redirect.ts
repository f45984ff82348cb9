/** Spec §2 "Login page" redirect rules, as a pure function the login and register screens share. */
export interface LoginRedirectInput {
  isAdmin: boolean;
  redirect?: { toDashboard: boolean; isDashboardSubdomain: boolean } | undefined;
  /** The page to come back to: the `redirect` query parameter or the stored previous page. */
  previousPage?: string | null | undefined;
  isMobile: boolean;
  /** Absolute origin of the dashboard site, e.g. `http://dashboard.warraq.localhost:8080`. */
  dashboardOrigin: string;
  /** Origins the user may be sent back to (every site of the base domain). */
  isOwnOrigin: (origin: string) => boolean;
  now: number;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini|webOS/i;
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_UA.test(userAgent ?? '');
}

/** A base no real URL has: a target that resolves against it stays on the site it was read on. */
const SAME_SITE_BASE = 'http://same-site.invalid';
const LOGIN_OR_AUTH_PATH = /^\/(login|auth)(\b|_|\/|$)/i;

/**
 * A safe place to return to: a same-site path, or a URL on one of our own origins; never a login or
 * auth page. The target is read the way a browser reads a `Location` (WHATWG URL parsing: tabs and
 * newlines dropped, backslashes as slashes, `//host` and `/\host` as another host), so what is judged
 * is what the browser would open, and what is answered is that normalised form, never the raw text.
 */
export function safeReturnTarget(
  target: string | null | undefined,
  isOwnOrigin: (origin: string) => boolean,
): string | null {
  if (!target) return null;
  let url: URL;
  try {
    url = new URL(target, SAME_SITE_BASE);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // user:pass@ is never ours to send, and makes a URL read as one host while naming another.
  if (url.username || url.password) return null;
  if (LOGIN_OR_AUTH_PATH.test(safeDecode(url.pathname))) return null;
  if (url.origin === SAME_SITE_BASE) {
    // Only a target written as a path is same-site: `http://same-site.invalid/x` typed out is not.
    if (!/^[\\/]/.test(withoutLeadingControls(target))) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return isOwnOrigin(url.origin) ? url.href : null;
}

/** What URL parsing strips from the front: C0 controls and spaces. */
function withoutLeadingControls(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start += 1;
  return text.slice(start);
}

/** Decodes once; a malformed escape is left as it is. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

export function loginRedirectTarget(input: LoginRedirectInput): string {
  const toDashboard = input.redirect?.toDashboard ?? input.isAdmin;
  let target: string;
  if (toDashboard) {
    target = input.redirect?.isDashboardSubdomain
      ? '/content?redirected=true'
      : `${input.dashboardOrigin}/dashboard?redirected=true&timestamp=${input.now}`;
  } else {
    target = safeReturnTarget(input.previousPage, input.isOwnOrigin) ?? '/';
  }
  return input.isMobile ? withQuery(target, { mobile: 'true' }) : target;
}
