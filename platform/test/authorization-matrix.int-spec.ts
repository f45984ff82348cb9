import { once } from 'node:events';
import { API_ROUTES, type ApiAccess, ConnectionEventSchema, ErrorResponseSchema } from '@warraq/contracts';
import WebSocket from 'ws';
import { WS_SESSION_CHANGED } from '../src/modules/realtime/realtime.gateway';
import { accessLevelOf, appRoutes, type AppRoute } from './app-routes';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

const CALLERS = ['anonymous', 'reader', 'moderator', 'admin', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];
/** Expected statuses, in the order of {@link CALLERS}. */
type Statuses = readonly [
  anonymous: number,
  reader: number,
  moderator: number,
  admin: number,
  superadmin: number,
];

interface Fixtures {
  t: TestApp;
  /** The caller's account (null for anonymous) and its session cookie. */
  me: TestUser | null;
  cookie: string | null;
  series: TestSeries;
  chapter: TestChapter;
  /** A reader who is none of the callers. */
  bystander: TestUser;
  bystanderCookie: string;
}

interface Call {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Raw bytes with their content type, instead of a JSON body. */
  raw?: { type: string; bytes: Buffer };
  /** Sign in afresh for this call (the call ends the session it is made with). */
  freshSession?: boolean;
}

interface Row {
  /** `METHOD /openapi/{path}` of the route. */
  route: string;
  /** Tells apart rows of one route. */
  variant?: string;
  call: Call | ((f: Fixtures) => Call | Promise<Call>);
  expect: Statuses;
}

const UNKNOWN_ID = 2_147_000_000;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const me = (f: Fixtures) => f.me?.id ?? UNKNOWN_ID;

// Rules of thumb: allowed callers get an answer the guard cannot give (200, or 400 for a body that
// fails validation, or 404 for an id that names nothing), refused ones 401 (signed out) or 403; no
// row changes state another row reads.
const PUBLIC_200: Statuses = [200, 200, 200, 200, 200];
const SIGNED_IN_200: Statuses = [401, 200, 200, 200, 200];
const SIGNED_IN_400: Statuses = [401, 400, 400, 400, 400];
const SIGNED_IN_404: Statuses = [401, 404, 404, 404, 404];
const STAFF_200: Statuses = [401, 403, 200, 200, 200];
const STAFF_404: Statuses = [401, 403, 404, 404, 404];
const ADMIN_200: Statuses = [401, 403, 403, 200, 200];
const ADMIN_400: Statuses = [401, 403, 403, 400, 400];
const ADMIN_404: Statuses = [401, 403, 403, 404, 404];

const MATRIX: readonly Row[] = [
  // auth
  {
    route: 'POST /api/auth/login',
    call: { path: '/api/auth/login', body: { username: 'x' } },
    expect: [400, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/auth/logout',
    call: { path: '/api/auth/logout', freshSession: true },
    expect: PUBLIC_200,
  },
  { route: 'GET /api/auth/profile', call: { path: '/api/auth/profile' }, expect: SIGNED_IN_200 },
  { route: 'GET /api/auth/token-profile', call: { path: '/api/auth/token-profile' }, expect: SIGNED_IN_200 },
  { route: 'POST /api/auth/sign-in-code', call: { path: '/api/auth/sign-in-code' }, expect: SIGNED_IN_200 },
  {
    route: 'POST /api/auth/token-login',
    // A fresh single-use code of another account for every caller; signing in with it ends the
    // caller's own session, hence a fresh one.
    call: async (f) => {
      const res = await f.t
        .api()
        .post('/api/auth/sign-in-code')
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', f.bystanderCookie);
      return { path: '/api/auth/token-login', body: { code: res.body.code as string }, freshSession: true };
    },
    expect: PUBLIC_200,
  },
  {
    route: 'POST /api/auth/register',
    call: { path: '/api/auth/register', body: {} },
    expect: [400, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/auth/change-password',
    call: { path: '/api/auth/change-password', body: {} },
    expect: SIGNED_IN_400,
  },

  // content
  { route: 'GET /api/content', variant: 'catalogue', call: { path: '/api/content' }, expect: PUBLIC_200 },
  {
    route: 'GET /api/content',
    variant: 'moderation queue (?status=)',
    call: { path: '/api/content', query: { status: 'pending' } },
    expect: STAFF_200,
  },
  { route: 'GET /api/content/popular-new', call: { path: '/api/content/popular-new' }, expect: PUBLIC_200 },
  { route: 'POST /api/content', call: { path: '/api/content', body: {} }, expect: SIGNED_IN_400 },
  { route: 'GET /api/manga', call: { path: '/api/manga' }, expect: PUBLIC_200 },
  { route: 'GET /api/manga/{id}', call: (f) => ({ path: `/api/manga/${f.series.id}` }), expect: PUBLIC_200 },
  {
    route: 'GET /api/series/manga/{slug}',
    call: (f) => ({ path: `/api/series/manga/${encodeURIComponent(f.series.slug)}` }),
    expect: PUBLIC_200,
  },
  {
    route: 'GET /api/series/manga/{slug}/{chapterNumber}',
    call: (f) => ({ path: `/api/series/manga/${encodeURIComponent(f.series.slug)}/${f.chapter.number}` }),
    expect: PUBLIC_200,
  },
  {
    route: 'POST /api/content/progress',
    call: { path: '/api/content/progress', body: {} },
    expect: SIGNED_IN_400,
  },
  { route: 'POST /api/content/like', call: { path: '/api/content/like', body: {} }, expect: SIGNED_IN_400 },
  {
    route: 'POST /api/content/favorite',
    call: { path: '/api/content/favorite', body: {} },
    expect: SIGNED_IN_400,
  },
  { route: 'POST /api/content/rate', call: { path: '/api/content/rate', body: {} }, expect: SIGNED_IN_400 },
  {
    route: 'GET /api/content/user-status',
    call: (f) => ({ path: '/api/content/user-status', query: { contentId: String(f.series.id) } }),
    expect: PUBLIC_200,
  },

  // moderation
  {
    route: 'PUT /api/content/{id}/approve',
    call: { path: `/api/content/${UNKNOWN_ID}/approve`, body: {} },
    expect: STAFF_404,
  },
  {
    route: 'PUT /api/content/{id}/reject',
    call: { path: `/api/content/${UNKNOWN_ID}/reject`, body: {} },
    expect: STAFF_404,
  },
  { route: 'DELETE /api/content/{id}', call: { path: `/api/content/${UNKNOWN_ID}` }, expect: STAFF_404 },
  { route: 'GET /api/moderation/log', call: { path: '/api/moderation/log' }, expect: ADMIN_200 },
  {
    route: 'GET /api/moderation/pending-count',
    call: { path: '/api/moderation/pending-count' },
    expect: STAFF_200,
  },

  // media
  {
    route: 'POST /api/media/covers',
    // Not an image: refused by the handler (400), after the guard.
    call: { path: '/api/media/covers', body: {} },
    expect: SIGNED_IN_400,
  },
  {
    route: 'GET /media/{key}',
    call: { path: `/media/${'0'.repeat(64)}.webp` },
    expect: [404, 404, 404, 404, 404],
  },

  // notifications
  { route: 'GET /api/notifications', call: { path: '/api/notifications' }, expect: SIGNED_IN_200 },
  {
    route: 'POST /api/notifications/read',
    call: { path: '/api/notifications/read', body: {} },
    expect: SIGNED_IN_400,
  },

  // comments
  {
    route: 'GET /api/comments',
    call: (f) => ({ path: '/api/comments', query: { content_id: String(f.series.id) } }),
    expect: PUBLIC_200,
  },
  { route: 'POST /api/comments', call: { path: '/api/comments', body: {} }, expect: SIGNED_IN_400 },
  {
    route: 'PUT /api/comments/{id}',
    call: { path: `/api/comments/${UNKNOWN_ID}`, body: { text: 'x' } },
    expect: SIGNED_IN_404,
  },
  {
    route: 'DELETE /api/comments/{id}',
    call: { path: `/api/comments/${UNKNOWN_ID}` },
    expect: SIGNED_IN_404,
  },
  {
    route: 'POST /api/comments/{id}/like',
    call: { path: `/api/comments/${UNKNOWN_ID}/like` },
    expect: SIGNED_IN_404,
  },

  // profile and points
  { route: 'GET /api/user/profile-stats', call: { path: '/api/user/profile-stats' }, expect: SIGNED_IN_200 },
  {
    route: 'GET /api/user/recent-activity',
    call: { path: '/api/user/recent-activity' },
    expect: SIGNED_IN_200,
  },
  { route: 'GET /api/user/badges', call: { path: '/api/user/badges' }, expect: SIGNED_IN_200 },
  { route: 'GET /api/user/library', call: { path: '/api/user/library' }, expect: SIGNED_IN_200 },
  { route: 'GET /api/user/favorites', call: { path: '/api/user/favorites' }, expect: SIGNED_IN_200 },
  {
    route: 'GET /api/points/{userId}',
    call: (f) => ({ path: `/api/points/${me(f)}` }),
    expect: SIGNED_IN_200,
  },
  {
    route: 'GET /api/points/{userId}',
    variant: "someone else's",
    call: (f) => ({ path: `/api/points/${f.bystander.id}` }),
    expect: STAFF_200,
  },
  { route: 'POST /api/points/award', call: { path: '/api/points/award', body: {} }, expect: ADMIN_400 },

  // chapter uploads
  {
    route: 'POST /api/manga/chapters',
    call: { path: '/api/manga/chapters', body: {} },
    expect: SIGNED_IN_400,
  },
  {
    route: 'PUT /api/manga/chapters/uploads/{id}/files/{index}',
    call: {
      path: `/api/manga/chapters/uploads/${UNKNOWN_UUID}/files/0`,
      raw: { type: 'application/octet-stream', bytes: Buffer.from('x') },
    },
    expect: SIGNED_IN_404,
  },
  {
    route: 'POST /api/manga/chapters/uploads/{id}/commit',
    call: { path: `/api/manga/chapters/uploads/${UNKNOWN_UUID}/commit` },
    expect: SIGNED_IN_404,
  },
  {
    route: 'POST /api/manga/chapters/uploads/{id}/retry',
    call: { path: `/api/manga/chapters/uploads/${UNKNOWN_UUID}/retry` },
    expect: SIGNED_IN_404,
  },
  {
    route: 'GET /api/manga/chapters/uploads/{id}',
    call: { path: `/api/manga/chapters/uploads/${UNKNOWN_UUID}` },
    expect: SIGNED_IN_404,
  },
  {
    route: 'DELETE /api/manga/chapters/uploads/{id}',
    call: { path: `/api/manga/chapters/uploads/${UNKNOWN_UUID}` },
    expect: SIGNED_IN_404,
  },

  // users
  { route: 'GET /api/users', call: { path: '/api/users' }, expect: STAFF_200 },
  {
    route: 'GET /api/users/{id}',
    variant: 'oneself',
    call: (f) => ({ path: `/api/users/${me(f)}` }),
    expect: SIGNED_IN_200,
  },
  {
    route: 'GET /api/users/{id}',
    variant: 'someone else',
    call: (f) => ({ path: `/api/users/${f.bystander.id}` }),
    expect: STAFF_200,
  },
  {
    route: 'PUT /api/users/{id}',
    call: (f) => ({ path: `/api/users/${me(f)}`, body: {} }),
    expect: SIGNED_IN_400,
  },
  {
    route: 'PUT /api/users/{id}/role',
    call: { path: `/api/users/${UNKNOWN_ID}/role`, body: { role: 'reader' } },
    expect: ADMIN_404,
  },
  {
    route: 'GET /api/users/{id}/preferences',
    call: (f) => ({ path: `/api/users/${me(f)}/preferences` }),
    expect: SIGNED_IN_200,
  },
  {
    route: 'POST /api/users/{id}/preferences',
    call: (f) => ({ path: `/api/users/${me(f)}/preferences`, body: { theme: 'neon' } }),
    expect: SIGNED_IN_400,
  },

  // system
  { route: 'GET /api/system/version', call: { path: '/api/system/version' }, expect: PUBLIC_200 },
  { route: 'GET /api/system/ping', call: { path: '/api/system/ping' }, expect: PUBLIC_200 },
  { route: 'GET /api/system/openapi', call: { path: '/api/system/openapi' }, expect: PUBLIC_200 },
  { route: 'GET /api/system/health', call: { path: '/api/system/health' }, expect: STAFF_200 },
  { route: 'GET /api/system/stats', call: { path: '/api/system/stats' }, expect: STAFF_200 },
  { route: 'GET /api/system/services', call: { path: '/api/system/services' }, expect: ADMIN_200 },
  { route: 'POST /api/system/services', call: { path: '/api/system/services', body: {} }, expect: ADMIN_400 },
  {
    route: 'PUT /api/system/services/{id}',
    call: { path: `/api/system/services/${UNKNOWN_ID}`, body: { name: 'absent' } },
    expect: ADMIN_404,
  },
  {
    route: 'DELETE /api/system/services/{id}',
    call: { path: `/api/system/services/${UNKNOWN_ID}` },
    expect: ADMIN_404,
  },
  { route: 'GET /api/system/domains', call: { path: '/api/system/domains' }, expect: STAFF_200 },
  { route: 'POST /api/system/domains', call: { path: '/api/system/domains', body: {} }, expect: ADMIN_400 },
  {
    route: 'PUT /api/system/domains/{id}',
    call: { path: `/api/system/domains/${UNKNOWN_ID}`, body: { status: 'inactive' } },
    expect: ADMIN_404,
  },
  {
    route: 'DELETE /api/system/domains/{id}',
    call: { path: `/api/system/domains/${UNKNOWN_ID}` },
    expect: ADMIN_404,
  },
  {
    route: 'POST /api/system/client-errors',
    call: { path: '/api/system/client-errors', body: {} },
    expect: [400, 400, 400, 400, 400],
  },
  { route: 'GET /api/system/client-errors', call: { path: '/api/system/client-errors' }, expect: ADMIN_200 },
];

/** The callers a decorator lets through. */
const ALLOWED: Record<ApiAccess, readonly Caller[]> = {
  public: CALLERS,
  authenticated: ['reader', 'moderator', 'admin', 'superadmin'],
  staff: ['moderator', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
};

const routeKey = (route: AppRoute) => `${route.method} ${route.openApiPath}`;
const rowLabel = (row: Row) => (row.variant ? `${row.route} [${row.variant}]` : row.route);

describe('authorization matrix', () => {
  let t: TestApp;
  let routes: AppRoute[];
  const users = new Map<Caller, TestUser>();
  const cookies = new Map<Caller, string>();
  let fixtures: Omit<Fixtures, 'me' | 'cookie'>;

  beforeAll(async () => {
    t = await createTestApp();
    routes = appRoutes(t.app);
    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue;
      const user = await newUser(t.orm, { role: caller });
      users.set(caller, user);
      cookies.set(caller, await signIn(t, user));
    }
    const bystander = await newUser(t.orm);
    const series = await newSeries(t.orm);
    fixtures = {
      t,
      series,
      chapter: await newChapter(t.orm, { series, number: 1 }),
      bystander,
      bystanderCookie: await signIn(t, bystander),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a row for every route of the app, and no row for a route it does not have', () => {
    const served = new Set(routes.map(routeKey));
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect([...served].filter((key) => !MATRIX.some((row) => row.route === key))).toEqual([]);
    expect(MATRIX.filter((row) => !served.has(row.route)).map(rowLabel)).toEqual([]);
  });

  it('lists exactly the routes of the app in the contracts registry, with the access their decorators give', () => {
    const served = routes.map((route) => ({ route: routeKey(route), access: accessLevelOf(route.rule) }));
    const registered = API_ROUTES.map((route) => ({
      route: `${route.method.toUpperCase()} ${route.path}`,
      access: route.access,
    }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(served.sort(byRoute)).toEqual(registered.sort(byRoute));
  });

  it('expects, for each route, the refusals its decorator makes and an answer past the guard for the rest', () => {
    // The table is written by hand; this ties it to the decorators so neither drifts alone. A route's
    // first row is its plain call: refused callers 401 (signed out) or 403, allowed ones neither.
    const wrong: string[] = [];
    for (const route of routes) {
      const row = MATRIX.find((r) => r.route === routeKey(route));
      const access = accessLevelOf(route.rule);
      if (!row || !access) continue;
      CALLERS.forEach((caller, i) => {
        const status = row.expect[i]!;
        const allowed = ALLOWED[access].includes(caller);
        const refusal = caller === 'anonymous' ? 401 : 403;
        if (allowed ? status === 401 || status === 403 : status !== refusal) {
          wrong.push(`${rowLabel(row)} (${access}): ${caller} ${status}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });

  it('answers every row with the expected status for every role', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      const route = routes.find((r) => routeKey(r) === row.route);
      if (!route) continue; // reported by the first test
      for (const [i, caller] of CALLERS.entries()) {
        const user = users.get(caller) ?? null;
        let cookie = cookies.get(caller) ?? null;
        const call =
          typeof row.call === 'function' ? await row.call({ ...fixtures, me: user, cookie }) : row.call;
        if (call.freshSession && user) cookie = await signIn(t, user);

        let req = t.api()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](call.path);
        req = req.set('Origin', BROWSER_ORIGIN);
        if (call.query) req = req.query(call.query);
        if (cookie) req = req.set('Cookie', cookie);
        const res = await (call.raw
          ? req.set('Content-Type', call.raw.type).send(call.raw.bytes)
          : call.body !== undefined
            ? req.send(call.body as object)
            : req);

        const expected = row.expect[i]!;
        if (res.status !== expected) {
          mismatches.push(
            `${rowLabel(row)} as ${caller}: ${res.status} (expected ${expected}) ${res.text.slice(0, 160)}`,
          );
        } else if (expected === 401 || expected === 403) {
          // A refusal is the API's error shape, never a half-run handler's answer.
          if (!ErrorResponseSchema.safeParse(res.body).success) {
            mismatches.push(`${rowLabel(row)} as ${caller}: refusal without the error shape`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('serves the OpenAPI document of this build, one operation per route', async () => {
    const res = await t.api().get('/api/system/openapi');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe(t.config.version);
    const operations = Object.entries(
      res.body.paths as Record<string, Record<string, { 'x-access': string }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op['x-access']}`),
    );
    expect(operations.sort()).toEqual(
      routes.map((route) => `${routeKey(route)} ${accessLevelOf(route.rule)}`).sort(),
    );
  });
});

describe('a moderator demoted to reader', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused on their next request and their socket is closed', async () => {
    const moderator = await newUser(t.orm, { role: 'moderator' });
    const admin = await newUser(t.orm, { role: 'admin' });
    const modCookie = await signIn(t, moderator);
    const adminCookie = await signIn(t, admin);
    const pendingCount = () => t.api().get('/api/moderation/pending-count').set('Cookie', modCookie);
    expect((await pendingCount()).status).toBe(200);

    const ws = new WebSocket(`ws://127.0.0.1:${t.port}/ws`, {
      headers: {
        Cookie: modCookie,
        Host: 'dashboard.warraq.localhost',
        Origin: 'http://dashboard.warraq.localhost',
      },
    });
    const closed = once(ws, 'close') as Promise<[number, Buffer]>;
    // The greeting says the socket is registered for this user (so it can be found to be closed).
    const [greeting] = (await once(ws, 'message')) as [Buffer];
    expect(ConnectionEventSchema.parse(JSON.parse(String(greeting))).data.userId).toBe(moderator.id);

    const demoted = await t
      .api()
      .put(`/api/users/${moderator.id}/role`)
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', adminCookie)
      .send({ role: 'reader' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.user.role).toBe('reader');

    const [code] = await closed;
    expect(code).toBe(WS_SESSION_CHANGED);
    const refused = await pendingCount();
    expect(refused.status).toBe(403);
    expect(ErrorResponseSchema.parse(refused.body).statusCode).toBe(403);
  });
});
