import { defineMiddleware } from 'astro:middleware';
import { isStaffRole } from '@warraq/contracts';
import { fetchProfile } from '@/lib/api/platform';
import { readRequestSite } from '@/lib/site/request';
import { guardRoute } from '@/lib/site/route-guard';
import { pathContextRewrite } from '@/lib/site/type-routes';

const ASSET_PREFIXES = ['/_astro/', '/favicon', '/_image'];

export const onRequest = defineMiddleware(async (context, next) => {
  const site = readRequestSite(context.request, context.url);
  context.locals.site = site;
  context.locals.user = null;
  context.locals.isAdmin = false;
  context.locals.isStaff = false;
  context.locals.noUserData = false;

  if (ASSET_PREFIXES.some((prefix) => context.url.pathname.startsWith(prefix))) return next();

  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  const lookup = await fetchProfile({ request: context.request, site, clientAddress });
  context.locals.noUserData = lookup.kind === 'noUserData';
  if (lookup.kind === 'signedIn') {
    const { profile } = lookup;
    context.locals.user = profile.user;
    context.locals.isAdmin = profile.isAdmin;
    context.locals.isStaff = profile.isAdmin || isStaffRole(profile.user.role);
  }

  // `localhost/manga/login` is the manga site's /login; `localhost/novel/popular` is the novel route itself.
  const rewriteTo = pathContextRewrite(site.context);
  const decision = guardRoute({
    path: rewriteTo ?? context.url.pathname,
    search: context.url.searchParams,
    site,
    user: context.locals.user,
    isAdmin: context.locals.isAdmin,
    isStaff: context.locals.isStaff,
    noUserData: context.locals.noUserData,
  });
  if (decision.kind === 'redirect') return context.redirect(decision.location, 302);

  const response = await (rewriteTo ? next(`${rewriteTo}${context.url.search}`) : next());
  try {
    if (context.locals.user) response.headers.set('Cache-Control', 'private, no-store');
    response.headers.append('Vary', 'Cookie');
  } catch {
    // Some responses (e.g. redirects) carry immutable headers; they are not cached anyway.
  }
  return response;
});
