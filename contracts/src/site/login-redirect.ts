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

/** A safe place to return to: a same-origin path, or a URL on one of our own origins; never /login or /auth. */
export function safeReturnTarget(
  target: string | null | undefined,
  isOwnOrigin: (origin: string) => boolean,
): string | null {
  if (!target) return null;
  if (/\/(login|auth)(\b|_|\/|$)/i.test(target)) return null;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isOwnOrigin(url.origin)
      ? url.href
      : null;
  } catch {
    return null;
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
