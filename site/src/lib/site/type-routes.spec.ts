import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { canonicalLocation, pathContextRewrite, SITE_WIDE_SEGMENTS } from './type-routes';
import { readRequestSite } from './request';

function siteFor(url: string) {
  const parsed = new URL(url);
  return readRequestSite(new Request(url, { headers: { host: parsed.host } }), parsed);
}

describe('per-type routes and canonical series URLs (issue 13)', () => {
  it('lists every top-level page, so a path-named site still reaches it', () => {
    const pages = join(__dirname, '..', '..', 'pages');
    const segments = readdirSync(pages)
      .map((name) => name.replace(/\.astro$/, ''))
      .filter((name) => name !== 'index' && !name.startsWith('['));
    for (const segment of segments)
      expect([segment, SITE_WIDE_SEGMENTS.has(segment)]).toEqual([segment, true]);
  });

  it('on localhost keeps /{type}/… routes and strips the type from site-wide pages', () => {
    const rewrite = (url: string) => pathContextRewrite(siteFor(url).context);
    expect(rewrite('http://localhost:4321/novel/login')).toBe('/login');
    expect(rewrite('http://localhost:4321/manga/series/manga/x')).toBe('/series/manga/x');
    // A series page's next chapter groups, asked on the site the page is on.
    expect(rewrite('http://localhost:4321/manhua/chapter-groups/x')).toBe('/chapter-groups/x');
    expect(rewrite('http://localhost:4321/novel/popular')).toBeNull();
    expect(rewrite('http://localhost:4321/novel/latest')).toBeNull();
    expect(rewrite('http://localhost:4321/manhwa/category/action')).toBeNull();
    expect(rewrite('http://localhost:4321/novel/%D9%86%D9%88%D8%B1/chapter/2')).toBeNull();
    expect(rewrite('http://localhost:4321/novel')).toBeNull();
    expect(rewrite('http://localhost:4321/admin/logs')).toBe('/logs');
    expect(rewrite('http://manga.warraq.localhost/novel/popular')).toBeNull();
  });

  it('leaves a series at its canonical URL alone', () => {
    const site = siteFor('http://manhwa.warraq.localhost:8080/manhwa/zahra');
    expect(
      canonicalLocation(site, new URLSearchParams(), '/manhwa/zahra', 'manhwa', '/manhwa/zahra'),
    ).toBeNull();
    const manga = siteFor('http://manga.warraq.localhost:8080/series/manga/x');
    expect(
      canonicalLocation(manga, new URLSearchParams(), '/series/manga/x', 'manga', '/series/manga/x'),
    ).toBeNull();
  });

  it("moves a series opened on another type's site to its own site, keeping the query", () => {
    const site = siteFor('http://manga.warraq.localhost:8080/series/manga/zahra/3?page=4');
    expect(
      canonicalLocation(
        site,
        new URLSearchParams('page=4'),
        '/series/manga/zahra/3',
        'manhwa',
        '/manhwa/zahra/chapter/3',
      ),
    ).toBe('http://manhwa.warraq.localhost:8080/manhwa/zahra/chapter/3?page=4');
  });

  it('keeps a site named by ?subdomain= or by the path on localhost', () => {
    const query = siteFor('http://warraq.localhost:8080/series/manga/n?subdomain=manga&tab=comments');
    expect(
      canonicalLocation(
        query,
        new URLSearchParams('subdomain=manga&tab=comments'),
        '/series/manga/n',
        'novel',
        '/novel/n',
      ),
    ).toBe('/novel/n?tab=comments&subdomain=novel');
    const local = siteFor('http://localhost:4321/manhwa/n');
    expect(canonicalLocation(local, new URLSearchParams(), '/manhwa/n', 'novel', '/novel/n')).toBe(
      '/novel/n?subdomain=novel',
    );
  });
});
