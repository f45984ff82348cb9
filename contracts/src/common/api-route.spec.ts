import { CONTENT_ROUTES } from '../content/content.routes.js';
import { API_ROUTES } from '../openapi/api-routes.js';
import { USER_ROUTES } from '../users/user.routes.js';
import { routePath } from './api-route.js';

describe('routePath', () => {
  it('fills a route path with its parameters', () => {
    expect(routePath(USER_ROUTES.changeRole, { id: 7 })).toBe('/api/users/7/role');
    expect(routePath(USER_ROUTES.list)).toBe('/api/users');
  });

  it('encodes every value, so a slug stays one path segment', () => {
    expect(routePath(CONTENT_ROUTES.chapter, { slug: 'سيف/../admin?x', chapterNumber: '1.5' })).toBe(
      '/api/series/manga/%D8%B3%D9%8A%D9%81%2F..%2Fadmin%3Fx/1.5',
    );
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => routePath(USER_ROUTES.get, {} as { id: number })).toThrow('{id}');
  });
});

describe('the route table', () => {
  it('declares each method and path once, every path parameter with a params schema', () => {
    const keys = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of API_ROUTES) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect({ route: route.path, params: Object.keys(route.params?.shape ?? {}).sort() }).toEqual({
        route: route.path,
        params: names.sort(),
      });
    }
  });

  it('gives a custom sign-in message and a 404 for malformed ids only where they apply', () => {
    for (const route of API_ROUTES) {
      if (route.loginMessage) expect(route.access).toBe('authenticated');
      if (route.malformedParams) expect(route.params).toBeDefined();
    }
  });
});
