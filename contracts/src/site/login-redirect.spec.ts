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
  describe('every known way of writing another site as a path goes home', () => {
    const offSite = [
      '//evil.test',
      '//evil.test/x',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      '/\t\\evil.test',
      '/\n/evil.test',
      '/\r\n/evil.test',
      '\t//evil.test',
      ' //evil.test',
      '\u0000//evil.test',
      '///evil.test',
      '/\\/evil.test',
      'https:evil.test',
      'https:/evil.test',
      'https:\\\\evil.test',
      'http://evil.test',
      'HTTPS://EVIL.TEST/',
      'https://warraq.localhost.evil.test/',
      'https://evil.test\\@manga.warraq.localhost/',
      'https://user:pass@manga.warraq.localhost/',
      'https://manga.warraq.localhost@evil.test/',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'ftp://manga.warraq.localhost/x',
      'http://same-site.invalid/x',
      'x/y',
    ];
    it.each(offSite)('%j', (target) => {
      expect(safeReturnTarget(target, own)).toBeNull();
      expect(loginRedirectTarget({ ...base, previousPage: target })).toBe('/');
    });
  });

  it('answers the normalised path a browser would open, never the raw text', () => {
    expect(safeReturnTarget('/series/manga/x?tab=1#c', own)).toBe('/series/manga/x?tab=1#c');
    expect(safeReturnTarget('/se\tries', own)).toBe('/series');
    expect(safeReturnTarget('/a\\b', own)).toBe('/a/b');
    expect(safeReturnTarget('/%2F%2Fevil.test', own)).toBe('/%2F%2Fevil.test');
    expect(safeReturnTarget('/%5Cevil.test', own)).toBe('/%5Cevil.test');
    expect(safeReturnTarget('/a/../b', own)).toBe('/b');
  });

  it('allows our other sites, and refuses their login pages in any spelling', () => {
    expect(safeReturnTarget('https://novel.warraq.localhost/x', own)).toBe(
      'https://novel.warraq.localhost/x',
    );
    expect(safeReturnTarget('http://warraq.localhost:8080/', own)).toBe('http://warraq.localhost:8080/');
    expect(safeReturnTarget('http://manga.warraq.localhost/login', own)).toBeNull();
    expect(safeReturnTarget('/%6Cogin', own)).toBeNull();
    expect(safeReturnTarget('/LOGIN_ALGOO', own)).toBeNull();
    expect(safeReturnTarget('/x/../auth/login', own)).toBeNull();
    expect(safeReturnTarget('/loginx', own)).toBe('/loginx');
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
