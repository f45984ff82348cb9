import { once } from 'node:events';
import {
  API_ROUTES,
  type ApiAccess,
  type ApiRoute,
  AUTH_ROUTES,
  COMMENT_ROUTES,
  COMMUNITY_ROUTES,
  ConnectionEventSchema,
  CONTENT_ROUTES,
  ME_ROUTES,
  ErrorResponseSchema,
  FEED_ROUTES,
  INGEST_ROUTES,
  MEDIA_ROUTES,
  MODERATION_ROUTES,
  NOTIFICATION_ROUTES,
  FOLLOW_ROUTES,
  LIBRARY_ROUTES,
  POINTS_ROUTES,
  PROFILE_ROUTES,
  routePath,
  SYSTEM_ROUTES,
  USER_ROUTES,
} from '@warraq/contracts';
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
  /** Values of the route's path parameters. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Raw bytes with their content type, instead of a JSON body. */
  raw?: { type: string; bytes: Buffer };
  /** Sign in afresh for this call (the call ends the session it is made with). */
  freshSession?: boolean;
}

interface Row {
  /** The route of the table the row calls (its method and path come from there). */
  route: ApiRoute;
  /** Tells apart rows of one route. */
  variant?: string;
  call: Call | ((f: Fixtures) => Call | Promise<Call>);
  expect: Statuses;
}

const UNKNOWN_ID = 2_147_000_000;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const me = (f: Fixtures) => f.me?.id ?? UNKNOWN_ID;
/** Well-formed, but no user's reader-app token: names nothing, whoever asks. */
const UNKNOWN_FEED_TOKEN = 'A'.repeat(43);
const NOBODY_404: Statuses = [404, 404, 404, 404, 404];

// Rules of thumb: allowed callers get an answer the guard cannot give (200, or 400 for a body that
// fails validation, or 404 for an id that names nothing), refused ones 401 (signed out) or 403; no
// row changes state another row reads.
const PUBLIC_200: Statuses = [200, 200, 200, 200, 200];
const PUBLIC_400: Statuses = [400, 400, 400, 400, 400];
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
  { route: AUTH_ROUTES.login, call: { body: { username: 'x' } }, expect: PUBLIC_400 },
  { route: AUTH_ROUTES.logout, call: { freshSession: true }, expect: PUBLIC_200 },
  { route: AUTH_ROUTES.profile, call: {}, expect: SIGNED_IN_200 },
  { route: AUTH_ROUTES.tokenProfile, call: {}, expect: SIGNED_IN_200 },
  { route: AUTH_ROUTES.signInCode, call: {}, expect: SIGNED_IN_200 },
  {
    route: AUTH_ROUTES.tokenLogin,
    // A fresh single-use code of another account for every caller; signing in with it ends the
    // caller's own session, hence a fresh one.
    call: async (f) => {
      const res = await f.t
        .api()
        .post(routePath(AUTH_ROUTES.signInCode))
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', f.bystanderCookie);
      return { body: { code: res.body.code as string }, freshSession: true };
    },
    expect: PUBLIC_200,
  },
  { route: AUTH_ROUTES.register, call: { body: {} }, expect: PUBLIC_400 },
  { route: AUTH_ROUTES.changePassword, call: { body: {} }, expect: SIGNED_IN_400 },

  // content
  { route: CONTENT_ROUTES.list, variant: 'catalogue', call: {}, expect: PUBLIC_200 },
  {
    route: CONTENT_ROUTES.list,
    variant: 'moderation queue (?status=)',
    call: { query: { status: 'pending' } },
    expect: STAFF_200,
  },
  { route: CONTENT_ROUTES.homeFeed, call: {}, expect: PUBLIC_200 },
  { route: CONTENT_ROUTES.search, call: { query: { q: 'series' } }, expect: PUBLIC_200 },
  { route: CONTENT_ROUTES.create, call: { body: {} }, expect: SIGNED_IN_400 },
  { route: CONTENT_ROUTES.mangaList, call: {}, expect: PUBLIC_200 },
  { route: CONTENT_ROUTES.seriesById, call: (f) => ({ params: { id: f.series.id } }), expect: PUBLIC_200 },
  {
    route: CONTENT_ROUTES.seriesBySlug,
    call: (f) => ({ params: { slug: f.series.slug } }),
    expect: PUBLIC_200,
  },
  {
    route: CONTENT_ROUTES.chapter,
    call: (f) => ({ params: { slug: f.series.slug, chapterNumber: f.chapter.number } }),
    expect: PUBLIC_200,
  },
  { route: CONTENT_ROUTES.progress, call: { body: {} }, expect: SIGNED_IN_400 },
  { route: CONTENT_ROUTES.like, call: { body: {} }, expect: SIGNED_IN_400 },
  { route: CONTENT_ROUTES.favorite, call: { body: {} }, expect: SIGNED_IN_400 },
  { route: CONTENT_ROUTES.rate, call: { body: {} }, expect: SIGNED_IN_400 },
  {
    route: CONTENT_ROUTES.userStatus,
    call: (f) => ({ query: { contentId: String(f.series.id) } }),
    expect: PUBLIC_200,
  },
  {
    route: ME_ROUTES.pageState,
    call: (f) => ({ query: { contentId: String(f.series.id) } }),
    expect: PUBLIC_200,
  },

  // moderation
  { route: MODERATION_ROUTES.approve, call: { params: { id: UNKNOWN_ID }, body: {} }, expect: STAFF_404 },
  { route: MODERATION_ROUTES.reject, call: { params: { id: UNKNOWN_ID }, body: {} }, expect: STAFF_404 },
  { route: MODERATION_ROUTES.remove, call: { params: { id: UNKNOWN_ID } }, expect: STAFF_404 },
  { route: MODERATION_ROUTES.log, call: {}, expect: ADMIN_200 },
  { route: MODERATION_ROUTES.pendingCount, call: {}, expect: STAFF_200 },

  // media
  {
    route: MEDIA_ROUTES.uploadCover,
    // Not an image: refused by the handler (400), after the guard.
    call: { body: {} },
    expect: SIGNED_IN_400,
  },
  {
    route: MEDIA_ROUTES.file,
    call: { params: { key: `${'0'.repeat(64)}.webp` } },
    expect: [404, 404, 404, 404, 404],
  },

  // notifications
  { route: NOTIFICATION_ROUTES.list, call: {}, expect: SIGNED_IN_200 },
  { route: NOTIFICATION_ROUTES.markRead, call: { body: {} }, expect: SIGNED_IN_400 },

  // follows
  { route: FOLLOW_ROUTES.seriesState, call: (f) => ({ params: { id: f.series.id } }), expect: SIGNED_IN_200 },
  {
    route: FOLLOW_ROUTES.followSeries,
    call: (f) => ({ params: { id: f.series.id } }),
    expect: SIGNED_IN_200,
  },
  {
    route: FOLLOW_ROUTES.unfollowSeries,
    call: (f) => ({ params: { id: f.series.id } }),
    expect: SIGNED_IN_200,
  },
  {
    route: FOLLOW_ROUTES.userState,
    call: (f) => ({ params: { id: f.bystander.id } }),
    expect: SIGNED_IN_200,
  },
  {
    route: FOLLOW_ROUTES.followUser,
    call: (f) => ({ params: { id: f.bystander.id } }),
    expect: SIGNED_IN_200,
  },
  {
    route: FOLLOW_ROUTES.unfollowUser,
    call: (f) => ({ params: { id: f.bystander.id } }),
    expect: SIGNED_IN_200,
  },
  { route: FOLLOW_ROUTES.preferences, call: {}, expect: SIGNED_IN_200 },
  { route: FOLLOW_ROUTES.savePreferences, call: { body: { languages: ['XX'] } }, expect: SIGNED_IN_400 },
  { route: FOLLOW_ROUTES.updates, call: {}, expect: SIGNED_IN_200 },
  { route: FOLLOW_ROUTES.shelf, call: (f) => ({ params: { id: f.series.id } }), expect: SIGNED_IN_200 },
  {
    route: FOLLOW_ROUTES.setShelf,
    call: (f) => ({ params: { id: f.series.id }, body: { shelf: 'shelf' } }),
    expect: SIGNED_IN_400,
  },
  { route: FOLLOW_ROUTES.randomSeries, call: {}, expect: PUBLIC_200 },
  { route: FOLLOW_ROUTES.clearShelf, call: (f) => ({ params: { id: f.series.id } }), expect: SIGNED_IN_200 },

  // library: each caller's own shelves, history and read markers
  { route: LIBRARY_ROUTES.shelves, call: { query: { shelf: 'reading' } }, expect: SIGNED_IN_200 },
  { route: LIBRARY_ROUTES.history, call: { query: { type: 'novel' } }, expect: SIGNED_IN_200 },
  {
    route: LIBRARY_ROUTES.removeHistory,
    call: (f) => ({ params: { id: f.series.id } }),
    expect: SIGNED_IN_200,
  },
  { route: LIBRARY_ROUTES.clearHistory, call: { query: { type: 'manhua' } }, expect: SIGNED_IN_200 },
  {
    route: LIBRARY_ROUTES.readMarkers,
    call: (f) => ({ params: { id: f.series.id } }),
    expect: SIGNED_IN_200,
  },
  {
    route: LIBRARY_ROUTES.readMarkers,
    variant: 'unknown series',
    call: { params: { id: UNKNOWN_ID } },
    expect: SIGNED_IN_404,
  },
  {
    route: LIBRARY_ROUTES.markRead,
    call: (f) => ({
      params: { id: f.series.id },
      body: { number: f.chapter.number, read: true, upTo: true },
    }),
    expect: SIGNED_IN_200,
  },
  {
    route: LIBRARY_ROUTES.markRead,
    variant: 'bad body',
    call: (f) => ({ params: { id: f.series.id }, body: { number: 'one', read: true } }),
    expect: SIGNED_IN_400,
  },

  // comments
  {
    route: COMMENT_ROUTES.list,
    call: (f) => ({ query: { content_id: String(f.series.id) } }),
    expect: PUBLIC_200,
  },
  { route: COMMENT_ROUTES.create, call: { body: {} }, expect: SIGNED_IN_400 },
  {
    route: COMMENT_ROUTES.update,
    call: { params: { id: UNKNOWN_ID }, body: { text: 'x' } },
    expect: SIGNED_IN_404,
  },
  { route: COMMENT_ROUTES.remove, call: { params: { id: UNKNOWN_ID } }, expect: SIGNED_IN_404 },
  { route: COMMENT_ROUTES.like, call: { params: { id: UNKNOWN_ID } }, expect: SIGNED_IN_404 },

  // community
  { route: COMMUNITY_ROUTES.latestComments, call: {}, expect: PUBLIC_200 },
  { route: COMMUNITY_ROUTES.popular, call: { query: { type: 'manga' } }, expect: PUBLIC_200 },
  { route: COMMUNITY_ROUTES.stats, call: {}, expect: PUBLIC_200 },
  { route: COMMUNITY_ROUTES.following, call: { query: { type: 'manga' } }, expect: SIGNED_IN_200 },
  {
    route: COMMUNITY_ROUTES.userActivity,
    call: (f) => ({ params: { username: f.bystander.username } }),
    expect: PUBLIC_200,
  },
  { route: COMMUNITY_ROUTES.announcements, call: {}, expect: PUBLIC_200 },
  { route: COMMUNITY_ROUTES.createAnnouncement, call: { body: {} }, expect: ADMIN_400 },
  {
    route: COMMUNITY_ROUTES.updateAnnouncement,
    call: { params: { id: UNKNOWN_ID }, body: { title: 'x', body: 'y' } },
    expect: ADMIN_404,
  },
  { route: COMMUNITY_ROUTES.deleteAnnouncement, call: { params: { id: UNKNOWN_ID } }, expect: ADMIN_404 },
  { route: COMMUNITY_ROUTES.rules, call: {}, expect: PUBLIC_200 },
  { route: COMMUNITY_ROUTES.updateRules, call: { body: { text: 42 } }, expect: ADMIN_400 },

  // profile and points
  { route: PROFILE_ROUTES.stats, call: {}, expect: SIGNED_IN_200 },
  { route: PROFILE_ROUTES.activity, call: {}, expect: SIGNED_IN_200 },
  { route: PROFILE_ROUTES.badges, call: {}, expect: SIGNED_IN_200 },
  { route: PROFILE_ROUTES.library, call: {}, expect: SIGNED_IN_200 },
  { route: PROFILE_ROUTES.favorites, call: {}, expect: SIGNED_IN_200 },
  {
    route: PROFILE_ROUTES.publicProfile,
    call: (f) => ({ params: { username: f.bystander.username } }),
    expect: PUBLIC_200,
  },
  { route: POINTS_ROUTES.ofUser, call: (f) => ({ params: { userId: me(f) } }), expect: SIGNED_IN_200 },
  {
    route: POINTS_ROUTES.ofUser,
    variant: "someone else's",
    call: (f) => ({ params: { userId: f.bystander.id } }),
    expect: STAFF_200,
  },
  { route: POINTS_ROUTES.award, call: { body: {} }, expect: ADMIN_400 },

  // chapter uploads
  { route: INGEST_ROUTES.declare, call: { body: {} }, expect: SIGNED_IN_400 },
  {
    route: INGEST_ROUTES.file,
    call: {
      params: { id: UNKNOWN_UUID, index: 0 },
      raw: { type: 'application/octet-stream', bytes: Buffer.from('x') },
    },
    expect: SIGNED_IN_404,
  },
  {
    route: INGEST_ROUTES.file,
    variant: 'malformed id',
    call: {
      params: { id: 'not-a-uuid', index: 0 },
      raw: { type: 'application/octet-stream', bytes: Buffer.from('x') },
    },
    expect: SIGNED_IN_404,
  },
  { route: INGEST_ROUTES.commit, call: { params: { id: UNKNOWN_UUID } }, expect: SIGNED_IN_404 },
  { route: INGEST_ROUTES.retry, call: { params: { id: UNKNOWN_UUID } }, expect: SIGNED_IN_404 },
  { route: INGEST_ROUTES.upload, call: { params: { id: UNKNOWN_UUID } }, expect: SIGNED_IN_404 },
  {
    route: INGEST_ROUTES.upload,
    variant: 'malformed id',
    call: { params: { id: 'not-a-uuid' } },
    expect: SIGNED_IN_404,
  },
  { route: INGEST_ROUTES.remove, call: { params: { id: UNKNOWN_UUID } }, expect: SIGNED_IN_404 },
  { route: INGEST_ROUTES.createText, call: { body: {} }, expect: SIGNED_IN_400 },
  {
    route: INGEST_ROUTES.importFile,
    // Not a chapter file type: refused before anything is queued.
    call: {
      query: { name: 'chapter.pdf' },
      raw: { type: 'application/octet-stream', bytes: Buffer.from('%PDF-1.7') },
    },
    expect: SIGNED_IN_400,
  },
  { route: INGEST_ROUTES.importStatus, call: { params: { id: UNKNOWN_UUID } }, expect: SIGNED_IN_404 },
  {
    route: INGEST_ROUTES.importStatus,
    variant: 'malformed id',
    call: { params: { id: 'not-a-uuid' } },
    expect: SIGNED_IN_404,
  },

  // feeds: public RSS/Atom, the caller's reader-app token, the OPDS catalog behind a token
  {
    route: FEED_ROUTES.seriesFeed,
    call: (f) => ({ params: { slug: f.series.slug, format: 'rss' } }),
    expect: PUBLIC_200,
  },
  { route: FEED_ROUTES.latestFeed, call: { params: { format: 'atom' } }, expect: PUBLIC_200 },
  { route: FEED_ROUTES.tokenStatus, call: {}, expect: SIGNED_IN_200 },
  { route: FEED_ROUTES.createToken, call: {}, expect: [401, 201, 201, 201, 201] },
  { route: FEED_ROUTES.revokeToken, call: {}, expect: SIGNED_IN_200 },
  {
    route: FEED_ROUTES.updatesFeed,
    call: { params: { token: UNKNOWN_FEED_TOKEN, format: 'atom' } },
    expect: NOBODY_404,
  },
  { route: FEED_ROUTES.opdsRoot, call: { params: { token: UNKNOWN_FEED_TOKEN } }, expect: NOBODY_404 },
  {
    route: FEED_ROUTES.opdsRoot,
    variant: 'malformed token',
    call: { params: { token: 'short' } },
    expect: NOBODY_404,
  },
  { route: FEED_ROUTES.opdsSeriesList, call: { params: { token: UNKNOWN_FEED_TOKEN } }, expect: NOBODY_404 },
  { route: FEED_ROUTES.opdsSearch, call: { params: { token: UNKNOWN_FEED_TOKEN } }, expect: NOBODY_404 },
  {
    route: FEED_ROUTES.opdsSeries,
    call: (f) => ({ params: { token: UNKNOWN_FEED_TOKEN, slug: f.series.slug } }),
    expect: NOBODY_404,
  },
  {
    route: FEED_ROUTES.opdsChapterHtml,
    call: (f) => ({ params: { token: UNKNOWN_FEED_TOKEN, id: f.chapter.id } }),
    expect: NOBODY_404,
  },
  {
    route: FEED_ROUTES.opdsPage,
    call: (f) => ({ params: { token: UNKNOWN_FEED_TOKEN, id: f.chapter.id, pageNumber: 0 } }),
    expect: NOBODY_404,
  },

  // users
  { route: USER_ROUTES.list, call: {}, expect: STAFF_200 },
  {
    route: USER_ROUTES.get,
    variant: 'oneself',
    call: (f) => ({ params: { id: me(f) } }),
    expect: SIGNED_IN_200,
  },
  {
    route: USER_ROUTES.get,
    variant: 'someone else',
    call: (f) => ({ params: { id: f.bystander.id } }),
    expect: STAFF_200,
  },
  { route: USER_ROUTES.update, call: (f) => ({ params: { id: me(f) }, body: {} }), expect: SIGNED_IN_400 },
  {
    route: USER_ROUTES.changeRole,
    call: { params: { id: UNKNOWN_ID }, body: { role: 'reader' } },
    expect: ADMIN_404,
  },
  { route: USER_ROUTES.preferences, call: (f) => ({ params: { id: me(f) } }), expect: SIGNED_IN_200 },
  {
    route: USER_ROUTES.updatePreferences,
    call: (f) => ({ params: { id: me(f) }, body: { theme: 'neon' } }),
    expect: SIGNED_IN_400,
  },

  // system
  { route: SYSTEM_ROUTES.version, call: {}, expect: PUBLIC_200 },
  { route: SYSTEM_ROUTES.ping, call: {}, expect: PUBLIC_200 },
  { route: SYSTEM_ROUTES.openapi, call: {}, expect: PUBLIC_200 },
  { route: SYSTEM_ROUTES.health, call: {}, expect: STAFF_200 },
  { route: SYSTEM_ROUTES.stats, call: {}, expect: STAFF_200 },
  { route: SYSTEM_ROUTES.services, call: {}, expect: ADMIN_200 },
  { route: SYSTEM_ROUTES.createService, call: { body: {} }, expect: ADMIN_400 },
  {
    route: SYSTEM_ROUTES.updateService,
    call: { params: { id: UNKNOWN_ID }, body: { name: 'absent' } },
    expect: ADMIN_404,
  },
  { route: SYSTEM_ROUTES.deleteService, call: { params: { id: UNKNOWN_ID } }, expect: ADMIN_404 },
  { route: SYSTEM_ROUTES.domains, call: {}, expect: STAFF_200 },
  { route: SYSTEM_ROUTES.createDomain, call: { body: {} }, expect: ADMIN_400 },
  {
    route: SYSTEM_ROUTES.updateDomain,
    call: { params: { id: UNKNOWN_ID }, body: { status: 'inactive' } },
    expect: ADMIN_404,
  },
  { route: SYSTEM_ROUTES.deleteDomain, call: { params: { id: UNKNOWN_ID } }, expect: ADMIN_404 },
  { route: SYSTEM_ROUTES.reportClientError, call: { body: {} }, expect: PUBLIC_400 },
  { route: SYSTEM_ROUTES.clientErrors, call: {}, expect: ADMIN_200 },
];

/** The callers a decorator lets through. */
const ALLOWED: Record<ApiAccess, readonly Caller[]> = {
  public: CALLERS,
  authenticated: ['reader', 'moderator', 'admin', 'superadmin'],
  staff: ['moderator', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
};

const keyOf = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;
const routeKey = (route: AppRoute) => `${route.method} ${route.openApiPath}`;
const rowLabel = (row: Row) => (row.variant ? `${keyOf(row.route)} [${row.variant}]` : keyOf(row.route));

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

  it('has a row for every route of the route table, and rows only for routes of the table', () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(50);
    expect(API_ROUTES.filter((route) => !MATRIX.some((row) => row.route === route)).map(keyOf)).toEqual([]);
    expect(MATRIX.filter((row) => !API_ROUTES.includes(row.route)).map(rowLabel)).toEqual([]);
  });

  it('serves exactly the routes of the table, each with the method, path and access rule the table gives', () => {
    const served = routes.map((route) => ({ route: routeKey(route), access: accessLevelOf(route.rule) }));
    const registered = API_ROUTES.map((route) => ({ route: keyOf(route), access: route.access }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(served.sort(byRoute)).toEqual(registered.sort(byRoute));
    // Each handler names its entry of the table (`@Route(...)`), not a copy of it.
    const undeclared = routes.filter(
      (route) =>
        !route.declared || !API_ROUTES.includes(route.declared) || keyOf(route.declared) !== routeKey(route),
    );
    expect(undeclared.map((route) => `${routeKey(route)} (${route.handler})`)).toEqual([]);
  });

  it('expects, for each route, the refusals its decorator makes and an answer past the guard for the rest', () => {
    // The table is written by hand; this ties it to the decorators so neither drifts alone. A route's
    // first row is its plain call: refused callers 401 (signed out) or 403, allowed ones neither.
    const wrong: string[] = [];
    for (const route of routes) {
      const row = MATRIX.find((r) => keyOf(r.route) === routeKey(route));
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

  it('answers every row with the expected status for every role, and answers in the shape the table says', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      for (const [i, caller] of CALLERS.entries()) {
        const user = users.get(caller) ?? null;
        let cookie = cookies.get(caller) ?? null;
        const call =
          typeof row.call === 'function' ? await row.call({ ...fixtures, me: user, cookie }) : row.call;
        if (call.freshSession && user) cookie = await signIn(t, user);

        const method = row.route.method as 'get' | 'post' | 'put' | 'delete';
        let req = t.api()[method](routePath(row.route, call.params));
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
        } else if (expected === row.route.status && row.route.response) {
          // The site parses every answer with the route's response schema: it must fit.
          const parsed = row.route.response.safeParse(res.body);
          if (!parsed.success) {
            mismatches.push(`${rowLabel(row)} as ${caller}: answer off its schema ${parsed.error.message}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Every route × every role, one request after another: 15 s on a quiet machine, and the route
    // table keeps growing, so this one test gets more than the suite's 30 s.
  }, 180_000);

  it('serves the OpenAPI document of this build, one operation per route', async () => {
    const res = await t.api().get(routePath(SYSTEM_ROUTES.openapi));
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
    const pendingCount = () =>
      t.api().get(routePath(MODERATION_ROUTES.pendingCount)).set('Cookie', modCookie);
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
      .put(routePath(USER_ROUTES.changeRole, { id: moderator.id }))
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
