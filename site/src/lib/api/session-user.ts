import type { APIContext } from 'astro';
import { isStaffRole } from '@warraq/contracts/browser';
import { fetchProfile } from './platform';

/** Sets the request's user from the session the platform vouches for (none without the cookie). */
export async function signInFromSession(context: Pick<APIContext, 'request' | 'locals' | 'clientAddress'>) {
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  const lookup = await fetchProfile({ request: context.request, site: context.locals.site, clientAddress });
  context.locals.noUserData = lookup.kind === 'noUserData';
  if (lookup.kind === 'signedIn') {
    const { profile } = lookup;
    context.locals.user = profile.user;
    context.locals.isAdmin = profile.isAdmin;
    context.locals.isStaff = profile.isAdmin || isStaffRole(profile.user.role);
  }
}
