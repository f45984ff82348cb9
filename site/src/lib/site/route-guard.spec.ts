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

  it('redirects /content to / unless on the admin or dashboard site', () => {
    expect(guard('http://manga.warraq.localhost:8080/content', 'admin')).toEqual({
      kind: 'redirect',
      location: '/',
    });
    expect(guard('http://dashboard.warraq.localhost:8080/content', 'admin')).toEqual({ kind: 'next' });
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
});
