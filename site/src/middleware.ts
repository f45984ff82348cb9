import { defineMiddleware } from 'astro:middleware';
import { signInFromSession } from '@/lib/api/session-user';
import { PUBLIC_PAGE_CACHE } from '@/lib/api/page-cache';
import { withPolicyInDocument } from '@/lib/site/document-policy';
import { PERSONAL_HEADER, isPublicDocument } from '@/lib/site/public-documents';
import { readRequestSite } from '@/lib/site/request';
import { guardRoute } from '@/lib/site/route-guard';
import { pathContextRewrite } from '@/lib/site/type-routes';

// Files, not pages: no site rules, no reader, no page policy (the novel reader's faces, a route of
// their own for their hashed name: pages/novel-faces/).
const ASSET_PREFIXES = ['/_astro/', '/favicon', '/_image', '/novel-faces/'];
// Pages rendered as fragments of another page (Astro partials), fetched by its script and inserted:
// no document of their own to carry a policy (pages/chapter-groups/).
const FRAGMENT_PREFIXES = ['/chapter-groups/'];

export const onRequest = defineMiddleware(async (context, next) => {
  const site = readRequestSite(context.request, context.url);
  context.locals.site = site;
  context.locals.user = null;
  context.locals.isAdmin = false;
  context.locals.isStaff = false;
  context.locals.noUserData = false;
  context.locals.publicDocument = false;

  if (ASSET_PREFIXES.some((prefix) => context.url.pathname.startsWith(prefix))) return next();

  // `localhost/manga/login` is the manga site's /login; `localhost/novel/popular` is the novel route itself.
  const rewriteTo = pathContextRewrite(site.context);
  // A public document is a guest's page for everyone: no profile lookup (the reader's part comes
  // from /api/me/page-state in the browser). The dashboard's and the admin's roots only send each
  // visitor on by who they are (redirects, which the edge never stores), so they need the reader.
  const path = rewriteTo ?? context.url.pathname;
  const { siteType } = site.context;
  const redirectingRoot = path === '/' && (siteType === 'dashboard' || siteType === 'admin');
  context.locals.publicDocument = isPublicDocument(path) && !redirectingRoot;
  if (!context.locals.publicDocument) await signInFromSession(context);
  const decision = guardRoute({
    path,
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
    if (context.locals.user) {
      response.headers.set('Cache-Control', 'private, no-store');
      response.headers.set(PERSONAL_HEADER, '1');
    } else if (
      context.locals.publicDocument &&
      response.status === 200 &&
      !response.headers.has('Cache-Control')
    ) {
      // Every public document leaves with the same caching headers, the ones the edge sends with its
      // stored copy (infra/nginx/routes.conf), whichever of the two a reader gets.
      response.headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
    }
    response.headers.append('Vary', 'Cookie');
  } catch {
    // Some responses (e.g. redirects) carry immutable headers; they are not cached anyway.
  }
  return FRAGMENT_PREFIXES.some((prefix) => path.startsWith(prefix))
    ? response
    : withPolicyInDocument(response);
});
