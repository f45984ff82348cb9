import { isReadingSiteType, safeReturnTarget } from '@warraq/contracts/browser';
import type { User } from '@warraq/contracts';
import { href } from './href';
import { isOwnOrigin } from './origins';
import type { RequestSite } from './request';
import { BASE_DOMAIN } from './request';

export type RouteDecision = { kind: 'next' } | { kind: 'redirect'; location: string };

export interface GuardInput {
  /** The path the route table is applied to (the inner path when the site was named by the path). */
  path: string;
  search: URLSearchParams;
  site: RequestSite;
  user: User | null;
  isAdmin: boolean;
  isStaff: boolean;
  /** The session cookie was there but the profile carried no user (the page explains it). */
  noUserData?: boolean;
}

function loginFor(site: RequestSite): '/login' | '/login_ALGOO' {
  return site.context.siteType === 'admin' ? '/login_ALGOO' : '/login';
}

export const LOGIN_PATHS = new Set(['/login', '/login_ALGOO', '/auth/login']);
export const REGISTER_PATHS = new Set(['/register', '/auth/register']);
/** Spec §2 add-manga form routes; spec §6: login required. */
export const CREATE_SERIES_PATHS = new Set(['/create/manga', '/upload/series']);
/** Spec §2 add-chapter form routes; spec §6: login required. */
export const CREATE_CHAPTER_PATHS = new Set(['/create/chapter', '/upload/chapter']);
/** The reader's own shelves and history (issue 14): on every reading site, for signed-in readers. */
export const READER_SHELF_PATHS = new Set(['/follows', '/library', '/recent']);
/** The query flag that makes the login page say why the visitor is there (spec §6 toast). */
export const LOGIN_REQUIRED_PARAM = 'login_required';
/** Its values: which add form the guest was sent from. */
export const LOGIN_REQUIRED_REASONS = ['create', 'chapter'] as const;
export type LoginRequiredReason = (typeof LOGIN_REQUIRED_REASONS)[number];

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Where a signed-in visitor of the register page goes (spec §2 Register page). */
export function registeredHome(site: RequestSite): string {
  const type = site.context.siteType;
  if (type === 'dashboard') return '/content';
  if (type !== 'manga' && isReadingSiteType(type)) return `/${type}`;
  return '/';
}

/**
 * Spec §2's route table and §6's protected pages, decided on the server from the session the
 * platform vouches for. Pages that are not built yet fall through to the not-found page.
 */
export function guardRoute(input: GuardInput): RouteDecision {
  const { site, user, isAdmin, isStaff } = input;
  const path = normalise(input.path);
  const { siteType, source } = site.context;
  const query = input.search.toString();
  const requested = `${site.requestedPath}${query ? `?${query}` : ''}`;
  const link = (target: string) => href(target, { siteType, keepSubdomain: site.keepSubdomain });
  const redirect = (location: string): RouteDecision => ({ kind: 'redirect', location });
  const toLogin = (loginPath: '/login' | '/login_ALGOO') =>
    redirect(link(`${loginPath}?redirect=${encodeURIComponent(requested)}`));
  const onAdminSite = siteType === 'admin';

  if (path === '/dashboard' || path === '/settings') {
    if (source === 'host' && siteType !== 'dashboard') {
      return redirect(`${site.origins.dashboard}${path}${query ? `?${query}` : ''}`);
    }
    if (!user) return toLogin('/login');
    if (path === '/dashboard' && !isStaff) return redirect(link('/account?denied=dashboard'));
    return { kind: 'next' };
  }

  if (path === '/account') {
    if (!user && !input.noUserData) return toLogin(loginFor(site));
    return { kind: 'next' };
  }

  // The admin area and every page under it (users, logs) are for admins only.
  if (path === '/admin' || path.startsWith('/admin/')) {
    if (!user) return toLogin('/login_ALGOO');
    if (!isAdmin) return redirect(link('/account?denied=admin'));
    return { kind: 'next' };
  }

  if (path === '/content') {
    if (!(siteType === 'admin' || siteType === 'dashboard' || site.context.isAdmin))
      return redirect(link('/'));
    if (!user) return toLogin(onAdminSite ? '/login_ALGOO' : '/login');
    // The moderation queue is staff work: a reader is refused like at the dashboard.
    if (!isStaff) return redirect(link('/account?denied=dashboard'));
    return { kind: 'next' };
  }

  // Spec §2: a manga-site page (other sites answer not-found); it lists the visitor's own notifications.
  if (path === '/notifications' && siteType === 'manga' && !user) return toLogin('/login');
  // Spec §2: the reader's own follows feed, on every reading site (`/updates`, and `/{type}/updates`
  // where the other types' sections live); the same rule.
  if (!user && isReadingSiteType(siteType) && (path === '/updates' || path === `/${siteType}/updates`))
    return toLogin('/login');
  // Spec §2 follows, library and recent: the reader's own lists, on each reading site; the same rule.
  if (READER_SHELF_PATHS.has(path) && isReadingSiteType(siteType) && !user) return toLogin('/login');
  // Spec §2 profile page: the same rule (manga site only, unauthenticated users must log in).
  if (path === '/profile' && siteType === 'manga' && !user) return toLogin('/login');

  if (path === '/services' || path === '/domains') {
    if (!user) return toLogin(onAdminSite || site.context.isAdmin ? '/login_ALGOO' : '/login');
    if (!isAdmin) return redirect(link('/account?denied=admin'));
    return { kind: 'next' };
  }

  if (path === '/' && siteType === 'dashboard') {
    if (isStaff) return redirect(link('/dashboard'));
    return redirect(link(user ? '/account?denied=dashboard' : '/login'));
  }
  if (path === '/' && siteType === 'admin') return redirect(link('/admin'));

  if (LOGIN_PATHS.has(path) && user) {
    const target = safeReturnTarget(input.search.get('redirect'), (origin) =>
      isOwnOrigin(origin, site.origin, BASE_DOMAIN),
    );
    return redirect(target ?? link('/'));
  }

  if (REGISTER_PATHS.has(path) && user) return redirect(link(registeredHome(site)));

  // Spec §6: a guest of an add form gets the toast 'يرجى تسجيل الدخول' on /auth/login of the manga site.
  const addForm: LoginRequiredReason | null = CREATE_SERIES_PATHS.has(path)
    ? 'create'
    : CREATE_CHAPTER_PATHS.has(path)
      ? 'chapter'
      : null;
  if (addForm && !user) {
    const params = new URLSearchParams({ subdomain: 'manga', [LOGIN_REQUIRED_PARAM]: addForm });
    params.set('redirect', requested);
    return redirect(`/auth/login?${params.toString()}`);
  }

  return { kind: 'next' };
}
