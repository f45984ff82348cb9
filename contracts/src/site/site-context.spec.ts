import { resolveSiteContext, siteOrigin, siteTypeFromHost, type SiteContextInput } from './site-context.js';

const base = 'example.com';
const ctx = (input: Partial<SiteContextInput> & { host: string }) =>
  resolveSiteContext({ pathname: '/', baseDomain: base, ...input });

describe('site context: the subdomain (spec §1)', () => {
  it('reads the query parameter subdomain first, over the host', () => {
    const c = ctx({ host: 'novel.example.com', search: '?subdomain=manga' });
    expect(c).toMatchObject({ siteType: 'manga', source: 'query' });
  });

  it('ignores a subdomain parameter that names no site', () => {
    expect(ctx({ host: 'novel.example.com', search: 'subdomain=evil' })).toMatchObject({
      siteType: 'novel',
      source: 'host',
    });
  });

  it('else takes the first host label', () => {
    expect(ctx({ host: 'manga.example.com' }).siteType).toBe('manga');
    expect(ctx({ host: 'manhwa.example.com:8443' }).siteType).toBe('manhwa');
  });

  it('treats www and the bare base domain as main', () => {
    expect(ctx({ host: 'www.example.com' }).siteType).toBe('main');
    expect(ctx({ host: 'example.com' })).toMatchObject({ siteType: 'main', source: 'host' });
  });

  it('reads the label right under a multi-label base domain', () => {
    const local = { baseDomain: 'warraq.localhost' };
    expect(ctx({ host: 'manga.warraq.localhost:8080', ...local }).siteType).toBe('manga');
    expect(ctx({ host: 'warraq.localhost:8080', ...local }).siteType).toBe('main');
    expect(ctx({ host: 'dashboard.warraq.localhost', ...local }).siteType).toBe('dashboard');
  });

  it('on localhost, else takes the first path segment and keeps the rest as the inner path', () => {
    expect(ctx({ host: 'localhost:8080', pathname: '/novel/popular' })).toMatchObject({
      siteType: 'novel',
      source: 'path',
      innerPath: '/popular',
      isLocalhost: true,
    });
    expect(ctx({ host: '127.0.0.1', pathname: '/manga' })).toMatchObject({
      siteType: 'manga',
      innerPath: '/',
    });
  });

  it('does not read the path on a real host', () => {
    expect(ctx({ host: 'example.com', pathname: '/novel/popular' })).toMatchObject({
      siteType: 'main',
      innerPath: null,
    });
  });

  it('falls back to main with nothing to go on', () => {
    expect(ctx({ host: 'localhost', pathname: '/login' })).toMatchObject({
      siteType: 'main',
      source: 'default',
    });
    expect(ctx({ host: 'unknown.other.org' }).siteType).toBe('main');
  });

  it('knows every site type of the spec, cdn1 to cdn4 included', () => {
    for (const type of ['app', 'api', 'game', 'cdn1', 'cdn4', 'services', 'shop', 'buy', 'admin']) {
      expect(siteTypeFromHost(`${type}.example.com`, base)).toBe(type);
    }
    expect(siteTypeFromHost('cdn5.example.com', base)).toBeNull();
  });
});

describe('site context: dashboard (spec §1)', () => {
  it('comes from the host', () => {
    expect(ctx({ host: 'dashboard.example.com', pathname: '/anything' }).isDashboard).toBe(true);
  });
  it('comes from ?subdomain=dashboard', () => {
    expect(ctx({ host: 'example.com', search: 'subdomain=dashboard' }).isDashboard).toBe(true);
  });
  it('comes from a path starting with /dashboard', () => {
    expect(ctx({ host: 'manga.example.com', pathname: '/dashboard/stats' }).isDashboard).toBe(true);
    expect(ctx({ host: 'manga.example.com', pathname: '/dashboardx' }).isDashboard).toBe(false);
  });
  it.each(['/content', '/services', '/domains', '/login'])('comes from the exact path %s', (pathname) => {
    expect(ctx({ host: 'manga.example.com', pathname }).isDashboard).toBe(true);
    expect(ctx({ host: 'manga.example.com', pathname: `${pathname}/x` }).isDashboard).toBe(false);
  });
  it('comes from the stored flag', () => {
    expect(ctx({ host: 'example.com', storedDashboardFlag: true }).isDashboard).toBe(true);
  });
  it('is off elsewhere', () => {
    expect(ctx({ host: 'manga.example.com', pathname: '/register' }).isDashboard).toBe(false);
  });
});

describe('site context: admin (spec §1)', () => {
  it('comes from an admin host', () => {
    expect(ctx({ host: 'admin.example.com', pathname: '/anything' }).isAdmin).toBe(true);
  });
  it('does not come from ?subdomain=admin on a public host', () => {
    expect(ctx({ host: 'example.com', search: 'subdomain=admin' }).isAdmin).toBe(false);
  });
  it.each(['/admin', '/admin/users', '/content', '/services', '/domains'])(
    'comes from localhost on %s',
    (pathname) => {
      expect(ctx({ host: 'localhost:8080', pathname }).isAdmin).toBe(true);
    },
  );
  it('does not come from those paths on a real host', () => {
    expect(ctx({ host: 'manga.example.com', pathname: '/admin' }).isAdmin).toBe(false);
  });
});

describe('siteOrigin', () => {
  it('builds the origin of a site on the base domain, keeping a non-default port', () => {
    expect(siteOrigin('manga', { protocol: 'http:', baseDomain: 'warraq.localhost', port: '8080' })).toBe(
      'http://manga.warraq.localhost:8080',
    );
    expect(siteOrigin('main', { protocol: 'https', baseDomain: 'example.com', port: '443' })).toBe(
      'https://example.com',
    );
  });
});
