import { describe, expect, it } from '@jest/globals';
import type { User } from '@warraq/contracts';
import { guardRoute, type GuardInput } from './route-guard';
import { readRequestSite } from './request';

function siteFor(url: string) {
  const parsed = new URL(url);
  return readRequestSite(new Request(url, { headers: { host: parsed.host } }), parsed);
}

const reader = { id: 7, username: 'reader', role: 'reader' } as User;
const admin = { id: 2, username: 'admin', role: 'admin' } as User;

function guard(
  url: string,
  who: 'guest' | 'reader' | 'moderator' | 'admin',
  extra: Partial<GuardInput> = {},
) {
  const parsed = new URL(url);
  const user = who === 'guest' ? null : who === 'admin' ? admin : { ...reader, role: who };
  return guardRoute({
    path: parsed.pathname,
    search: parsed.searchParams,
    site: siteFor(url),
    user: user as User | null,
    isAdmin: who === 'admin',
    isStaff: who === 'admin' || who === 'moderator',
    ...extra,
  });
}

describe('route guard (spec §2 route table, §6 protected pages)', () => {
  it('sends /dashboard and /settings on another site to the dashboard host, keeping the query', () => {
    expect(guard('http://manga.warraq.localhost:8080/settings?tab=password', 'reader')).toEqual({
      kind: 'redirect',
      location: 'http://dashboard.warraq.localhost:8080/settings?tab=password',
    });
  });

  it('requires a login on the dashboard host, with the page to come back to', () => {
    expect(guard('http://dashboard.warraq.localhost:8080/settings', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fsettings',
    });
  });

  it('lets staff into the dashboard and sends readers away', () => {
    expect(guard('http://dashboard.warraq.localhost:8080/dashboard', 'moderator')).toEqual({ kind: 'next' });
    expect(guard('http://dashboard.warraq.localhost:8080/dashboard', 'reader')).toEqual({
      kind: 'redirect',
      location: '/account?denied=dashboard',
    });
  });

  it('sends guests of the admin area to /login_ALGOO and non-admins away', () => {
    expect(guard('http://admin.warraq.localhost:8080/admin', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login_ALGOO?redirect=%2Fadmin',
    });
    expect(guard('http://admin.warraq.localhost:8080/admin', 'moderator')).toMatchObject({
      location: '/account?denied=admin',
    });
    expect(guard('http://admin.warraq.localhost:8080/admin', 'admin')).toEqual({ kind: 'next' });
  });

  it('guards every page under /admin like /admin itself, on any site', () => {
    for (const url of [
      'http://admin.warraq.localhost:8080/admin/logs',
      'http://admin.warraq.localhost:8080/admin/logs/?tab=errors',
      'http://warraq.localhost:8080/admin/logs',
    ]) {
      const guest = guard(url, 'guest');
      expect(guest.kind).toBe('redirect');
      expect(guest.kind === 'redirect' && guest.location).toMatch(/^\/login_ALGOO\?redirect=%2Fadmin%2Flogs/);
      expect(guard(url, 'reader')).toEqual({ kind: 'redirect', location: '/account?denied=admin' });
      expect(guard(url, 'moderator')).toEqual({ kind: 'redirect', location: '/account?denied=admin' });
      expect(guard(url, 'admin')).toEqual({ kind: 'next' });
    }
    // A path that only starts with the same letters is not under /admin.
    expect(guard('http://warraq.localhost:8080/administrators', 'guest')).toEqual({ kind: 'next' });
  });

  it('keeps /services and /domains for admins', () => {
    for (const path of ['/services', '/domains', '/services?new=1']) {
      const url = `http://admin.warraq.localhost:8080${path}`;
      expect(guard(url, 'guest')).toMatchObject({
        kind: 'redirect',
        location: expect.stringMatching(/^\/login_ALGOO\?/),
      });
      expect(guard(url, 'moderator')).toEqual({ kind: 'redirect', location: '/account?denied=admin' });
      expect(guard(url, 'admin')).toEqual({ kind: 'next' });
    }
  });

  it('redirects /content to / unless on the admin or dashboard site', () => {
    expect(guard('http://manga.warraq.localhost:8080/content', 'admin')).toEqual({
      kind: 'redirect',
      location: '/',
    });
    expect(guard('http://dashboard.warraq.localhost:8080/content', 'admin')).toEqual({ kind: 'next' });
  });

  it('keeps /content for staff: guests log in, readers are refused like at the dashboard', () => {
    expect(guard('http://dashboard.warraq.localhost:8080/content?type=manga', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fcontent%3Ftype%3Dmanga',
    });
    expect(guard('http://admin.warraq.localhost:8080/content', 'guest')).toMatchObject({
      location: '/login_ALGOO?redirect=%2Fcontent',
    });
    for (const url of [
      'http://dashboard.warraq.localhost:8080/content',
      'http://admin.warraq.localhost:8080/content',
    ]) {
      expect(guard(url, 'reader')).toEqual({ kind: 'redirect', location: '/account?denied=dashboard' });
      expect(guard(url, 'moderator')).toEqual({ kind: 'next' });
      expect(guard(url, 'admin')).toEqual({ kind: 'next' });
    }
    expect(guard('http://localhost:8080/content?subdomain=dashboard', 'reader')).toMatchObject({
      location: '/account?denied=dashboard&subdomain=dashboard',
    });
  });

  it('sends a guest of /notifications on the manga site to log in, and lets a signed-in user in', () => {
    expect(guard('http://manga.warraq.localhost:8080/notifications', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fnotifications',
    });
    expect(guard('http://localhost:8080/notifications?subdomain=manga', 'guest')).toMatchObject({
      location: '/login?redirect=%2Fnotifications%3Fsubdomain%3Dmanga&subdomain=manga',
    });
    expect(guard('http://manga.warraq.localhost:8080/notifications', 'reader')).toEqual({ kind: 'next' });
    // Elsewhere the page itself answers not-found, whoever asks.
    expect(guard('http://novel.warraq.localhost:8080/notifications', 'guest')).toEqual({ kind: 'next' });
  });

  it('sends a guest of /follows, /library and /recent on any reading site to log in', () => {
    for (const path of ['/follows', '/library', '/recent']) {
      expect(guard(`http://manga.warraq.localhost:8080${path}`, 'guest')).toEqual({
        kind: 'redirect',
        location: `/login?redirect=${encodeURIComponent(path)}`,
      });
      expect(guard(`http://manhwa.warraq.localhost:8080${path}?tab=all`, 'guest')).toEqual({
        kind: 'redirect',
        location: `/login?redirect=${encodeURIComponent(`${path}?tab=all`)}`,
      });
      expect(guard(`http://novel.warraq.localhost:8080${path}`, 'reader')).toEqual({ kind: 'next' });
    }
  });

  it("sends a guest of any reading site's updates feed to log in, and lets a signed-in reader in", () => {
    expect(guard('http://manga.warraq.localhost:8080/updates', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fupdates',
    });
    expect(guard('http://manga.warraq.localhost:8080/updates', 'reader')).toEqual({ kind: 'next' });
    expect(guard('http://novel.warraq.localhost:8080/novel/updates', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fnovel%2Fupdates',
    });
    expect(guard('http://novel.warraq.localhost:8080/novel/updates', 'reader')).toEqual({ kind: 'next' });
    expect(guard('http://manga.warraq.localhost:8080/community', 'guest')).toEqual({ kind: 'next' });
  });

  it('sends a guest of /profile on the manga site to log in, back to the profile tab asked for', () => {
    expect(guard('http://manga.warraq.localhost:8080/profile?tab=activity', 'guest')).toEqual({
      kind: 'redirect',
      location: '/login?redirect=%2Fprofile%3Ftab%3Dactivity',
    });
    expect(guard('http://localhost:8080/profile?subdomain=manga', 'guest')).toMatchObject({
      location: '/login?redirect=%2Fprofile%3Fsubdomain%3Dmanga&subdomain=manga',
    });
    expect(guard('http://manga.warraq.localhost:8080/profile', 'reader')).toEqual({ kind: 'next' });
    // Elsewhere the page itself answers not-found, whoever asks.
    expect(guard('http://novel.warraq.localhost:8080/profile', 'guest')).toEqual({ kind: 'next' });
  });

  it('sends the dashboard root to /dashboard for staff and /login for guests', () => {
    expect(guard('http://dashboard.warraq.localhost:8080/', 'admin')).toMatchObject({
      location: '/dashboard',
    });
    expect(guard('http://dashboard.warraq.localhost:8080/', 'guest')).toMatchObject({ location: '/login' });
  });

  it('sends a signed-in visitor of /login to the safe redirect target, never off-site', () => {
    expect(guard('http://manga.warraq.localhost:8080/login?redirect=%2Faccount', 'reader')).toMatchObject({
      location: '/account',
    });
    expect(
      guard('http://manga.warraq.localhost:8080/login?redirect=https%3A%2F%2Fevil.test%2F', 'reader'),
    ).toMatchObject({
      location: '/',
    });
  });

  it('keeps ?subdomain= on redirects when the site was named by the query', () => {
    expect(guard('http://localhost:8080/account?subdomain=novel', 'guest')).toMatchObject({
      location: '/login?redirect=%2Faccount%3Fsubdomain%3Dnovel&subdomain=novel',
    });
  });

  it('answers the manga pages (home, list, series, reader, latest) for everyone', () => {
    for (const path of [
      '/',
      '/manga',
      '/latest',
      '/series/manga',
      '/series/manga/x',
      '/series/manga/x/1.5',
    ]) {
      expect(guard(`http://manga.warraq.localhost:8080${path}`, 'guest')).toEqual({ kind: 'next' });
      expect(guard(`http://localhost:8080${path}?subdomain=manga`, 'reader')).toEqual({ kind: 'next' });
    }
  });

  it('sends a guest of the add-manga form to /auth/login on the manga site with the toast flag', () => {
    for (const path of ['/create/manga', '/upload/series']) {
      const decision = guard(`http://manga.warraq.localhost:8080${path}?subdomain=manga`, 'guest');
      expect(decision.kind).toBe('redirect');
      const location = new URL(decision.kind === 'redirect' ? decision.location : '', 'http://x.invalid');
      expect(location.pathname).toBe('/auth/login');
      expect(location.searchParams.get('subdomain')).toBe('manga');
      expect(location.searchParams.get('login_required')).toBe('create');
      expect(location.searchParams.get('redirect')).toBe(`${path}?subdomain=manga`);
    }
  });

  it('sends a guest of the add-chapter form to /auth/login the same way, keeping the chosen series', () => {
    for (const path of ['/create/chapter', '/upload/chapter']) {
      const decision = guard(`http://manga.warraq.localhost:8080${path}?manga=12`, 'guest');
      expect(decision.kind).toBe('redirect');
      const location = new URL(decision.kind === 'redirect' ? decision.location : '', 'http://x.invalid');
      expect(location.pathname).toBe('/auth/login');
      expect(location.searchParams.get('subdomain')).toBe('manga');
      expect(location.searchParams.get('login_required')).toBe('chapter');
      expect(location.searchParams.get('redirect')).toBe(`${path}?manga=12`);
    }
  });

  it('lets a signed-in user open the add-chapter form', () => {
    expect(guard('http://manga.warraq.localhost:8080/create/chapter', 'reader')).toEqual({ kind: 'next' });
    expect(guard('http://localhost:8080/upload/chapter?subdomain=manga', 'reader')).toEqual({ kind: 'next' });
  });

  it('lets a signed-in user open the add-manga form', () => {
    expect(guard('http://manga.warraq.localhost:8080/create/manga', 'reader')).toEqual({ kind: 'next' });
    expect(guard('http://manga.warraq.localhost:8080/upload/series', 'reader')).toEqual({ kind: 'next' });
  });
});
