import { isMobileUserAgent, loginRedirectTarget } from '@warraq/contracts/browser';
import type { LoginResponse } from '@warraq/contracts';
import { href } from './href';
import { isOwnOrigin } from './origins';
import { previousPage, rememberSignIn, setPendingRedirect } from './session-hints';
import type { ClientSite } from './client-site';

/** Where to go after signing in (spec §2 Login page rules), remembering a pending dashboard redirect. */
export function afterLoginTarget(
  answer: LoginResponse,
  site: ClientSite,
  redirectParam: string | null,
): string {
  rememberSignIn(answer.user, answer.isAdmin, site.siteType);
  const target = loginRedirectTarget({
    isAdmin: answer.isAdmin,
    redirect: answer.redirect,
    previousPage: redirectParam ?? previousPage(),
    isMobile: isMobileUserAgent(navigator.userAgent),
    dashboardOrigin: site.dashboardOrigin,
    isOwnOrigin: (origin) => isOwnOrigin(origin, site.origin, site.baseDomain),
    now: Date.now(),
  });
  if (answer.redirect.toDashboard) setPendingRedirect(target);
  return target.startsWith('/') ? href(target, site) : target;
}
