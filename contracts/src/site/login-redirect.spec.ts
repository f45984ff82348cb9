import {
  isMobileUserAgent,
  loginRedirectTarget,
  safeReturnTarget,
  type LoginRedirectInput,
} from './login-redirect.js';

const own = (origin: string) => /^https?:\/\/([a-z0-9-]+\.)?warraq\.localhost(:\d+)?$/.test(origin);
const base: LoginRedirectInput = {
  isAdmin: false,
  isMobile: false,
  dashboardOrigin: 'http://dashboard.warraq.localhost:8080',
  isOwnOrigin: own,
  now: 1700000000000,
};

describe('login redirect rules (spec §2)', () => {
  it('sends admins on the dashboard subdomain to /content?redirected=true', () => {
    expect(
      loginRedirectTarget({
        ...base,
        isAdmin: true,
        redirect: { toDashboard: true, isDashboardSubdomain: true },
      }),
    ).toBe('/content?redirected=true');
  });
  it('sends admins elsewhere to the dashboard host', () => {
    const target = loginRedirectTarget({
      ...base,
      isAdmin: true,
      redirect: { toDashboard: true, isDashboardSubdomain: false },
    });
    expect(target).toBe(
      'http://dashboard.warraq.localhost:8080/dashboard?redirected=true&timestamp=1700000000000',
    );
  });
  it('falls back on isAdmin when the answer has no redirect info', () => {
    expect(loginRedirectTarget({ ...base, isAdmin: true })).toMatch(/^http:\/\/dashboard\./);
  });
  it('sends regular users back to the previous page, unless it is a login or auth page', () => {
    expect(loginRedirectTarget({ ...base, previousPage: '/settings?tab=1' })).toBe('/settings?tab=1');
    expect(loginRedirectTarget({ ...base, previousPage: '/login?x=1' })).toBe('/');
    expect(loginRedirectTarget({ ...base, previousPage: '/auth/register' })).toBe('/');
    expect(loginRedirectTarget({ ...base, previousPage: '/login_ALGOO' })).toBe('/');
    expect(loginRedirectTarget({ ...base })).toBe('/');
  });
  it('never redirects off our own sites', () => {
    expect(loginRedirectTarget({ ...base, previousPage: 'https://evil.example/phish' })).toBe('/');
    expect(loginRedirectTarget({ ...base, previousPage: '//evil.example/x' })).toBe('/');
    expect(loginRedirectTarget({ ...base, previousPage: 'javascript:alert(1)' })).toBe('/');
    expect(safeReturnTarget('http://novel.warraq.localhost:8080/x', own)).toBe(
      'http://novel.warraq.localhost:8080/x',
    );
  });
  it('appends mobile=true on mobile devices', () => {
    expect(loginRedirectTarget({ ...base, isMobile: true, previousPage: '/account' })).toBe(
      '/account?mobile=true',
    );
    expect(loginRedirectTarget({ ...base, isMobile: true, isAdmin: true })).toContain('&mobile=true');
  });
  it('recognises the mobile user agents of §9', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toBe(false);
  });
});
