import { API_ROUTES, type ApiRoute } from '@warraq/contracts';
import { z } from 'zod';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

/** Values of every wrong kind for a path segment or a query parameter. */
const BAD_SCALARS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e400',
  '99999999999999999999999',
  'NaN',
  'null',
  '[]',
  '{"a":1}',
  "1' OR '1'='1",
  '%00',
  'x'.repeat(3000),
];
/** Values of every wrong JSON type for a body field. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  'abc',
  '',
  [],
  [1, 'a'],
  { a: 1 },
  'x'.repeat(20_000),
];
/** Whole bodies of the wrong shape. */
const BAD_BODIES: unknown[] = [[], 'text', 42, null, { constructor: { prototype: { polluted: true } } }];
const FORGED_CURSORS = [
  Buffer.from('["not-a-date",1]').toString('base64url'),
  Buffer.from('["2026-01-01T00:00:00Z","1"]').toString('base64url'),
  Buffer.from('["2026-01-01T00:00:00Z",1e300]').toString('base64url'),
  Buffer.from('[1,1]').toString('base64url'),
  Buffer.from('["a\\u0000",1]').toString('base64url'),
  Buffer.from('[null,null]').toString('base64url'),
];

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function queryKeys(route: ApiRoute): string[] {
  const queries = route.query === undefined ? [] : Array.isArray(route.query) ? route.query : [route.query];
  return [...new Set(queries.flatMap((schema) => keysOf(schema)))];
}

/** The route's path with every `{param}` set to `value`. */
function pathWith(route: ApiRoute, value: string): string {
  return route.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

interface Probe {
  what: string;
  path: string;
  body?: unknown;
}

/** Every hostile variant of one route: its path params, each query parameter, and its body. */
function probesFor(route: ApiRoute): Probe[] {
  const probes: Probe[] = [];
  // An id no row has: a well-formed probe must never change a real account (the caller's included).
  const plainPath = pathWith(route, '987654');
  if (route.path.includes('{'))
    for (const value of BAD_SCALARS)
      probes.push({ what: `path=${value.slice(0, 20)}`, path: pathWith(route, value) });
  for (const key of queryKeys(route)) {
    for (const value of BAD_SCALARS)
      probes.push({
        what: `?${key}=${value.slice(0, 20)}`,
        path: `${plainPath}?${key}=${encodeURIComponent(value)}`,
      });
    probes.push({ what: `?${key} twice`, path: `${plainPath}?${key}=1&${key}=2` });
    probes.push({ what: `?${key}[a]=1`, path: `${plainPath}?${key}[a]=1` });
  }
  for (const cursor of FORGED_CURSORS) {
    if (queryKeys(route).includes('after'))
      probes.push({ what: `?after=${cursor}`, path: `${plainPath}?after=${cursor}` });
    if (queryKeys(route).includes('before'))
      probes.push({ what: `?before=${cursor}`, path: `${plainPath}?before=${cursor}` });
  }
  if (route.method !== 'get' && !route.rawBody) {
    for (const body of BAD_BODIES)
      probes.push({ what: `body ${JSON.stringify(body)}`, path: plainPath, body });
    for (const key of keysOf(route.body))
      for (const value of BAD_VALUES)
        probes.push({
          what: `body.${key}=${JSON.stringify(value).slice(0, 20)}`,
          path: plainPath,
          body: { [key]: value },
        });
  }
  return probes;
}

/**
 * Walks the route table with input of every wrong type, as the most powerful caller (so access rules
 * do not answer first): whatever it sends, the answer is never a 5xx.
 */
describe('malformed input on every route', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { WARRAQ_LOGIN_MAX_FAILURES_PER_IP: '100000', WARRAQ_LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000' },
    });
    owner = await newUser(t.orm, { role: 'superadmin' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks every route of the table', () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(API_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s never answers 5xx',
    async (_name, route) => {
      // A fresh session per route: logout or change-password may end the one before.
      const cookie = await signIn(t, owner);
      const failures: string[] = [];
      for (const probe of probesFor(route)) {
        let call = t.api()[route.method](probe.path).set('Origin', BROWSER_ORIGIN).set('Cookie', cookie);
        if (probe.body !== undefined)
          call = call.set('Content-Type', 'application/json').send(JSON.stringify(probe.body));
        const res = await call;
        if (res.status >= 500)
          failures.push(`${probe.what} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('answers a forged cursor with a 400 that names the cursor', async () => {
    const res = await t.api().get(`/api/content?after=${FORGED_CURSORS[0]}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ cursor: [expect.any(String)] });
  });
});
