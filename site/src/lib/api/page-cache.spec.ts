import { describe, expect, it } from '@jest/globals';
import { cachePublicPage, PUBLIC_PAGE_CACHE } from './page-cache';

describe('cachePublicPage', () => {
  it("lets the edge keep a guest's successful page for 5 s", () => {
    const response = { status: 200, headers: new Headers() };
    cachePublicPage(response, false);
    expect(response.headers.get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toContain('s-maxage=5');
  });

  it('leaves signed-in answers and failures alone', () => {
    for (const [status, signedIn] of [
      [200, true],
      [404, false],
      [503, false],
    ] as const) {
      const response = { status, headers: new Headers() };
      cachePublicPage(response, signedIn);
      expect(response.headers.get('Cache-Control')).toBeNull();
    }
  });
});
