import {
  AUTH_MESSAGES,
  ErrorResponseSchema,
  type LoginBody,
  LoginResponseSchema,
  MESSAGES,
  ProfileResponseSchema,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, sessionCookieOf, setCookies, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let reader: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await newUser(t.orm, { username: 'Samira' });
    admin = await newUser(t.orm, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (body: LoginBody) => t.api().post('/api/auth/login').set('Origin', BROWSER_ORIGIN).send(body);

  it('answers the spec shape, sets last_login, and gives a browser no token', async () => {
    const res = await login({ username: reader.username, password: reader.password, device: 'desktop' });
    expect(res.status).toBe(200);
    const body = LoginResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.loginSucceeded,
      userId: reader.id,
      isAdmin: false,
      token: null,
      redirect: { toDashboard: false, isDashboardSubdomain: false },
    });
    expect(body.user.last_login).not.toBeNull();
    expect(body.access_token).toBeUndefined();
  });

  it('accepts the username in any case, and the e-mail as username', async () => {
    expect((await login({ username: 'sAMIRA', password: reader.password })).status).toBe(200);
    expect((await login({ username: reader.email.toUpperCase(), password: reader.password })).status).toBe(
      200,
    );
  });

  it('marks admins and sends them to the dashboard; knows the dashboard subdomain', async () => {
    const res = await t
      .api()
      .post('/api/auth/login')
      .set('Host', 'dashboard.warraq.localhost')
      .set('Origin', 'http://dashboard.warraq.localhost')
      .send({ username: admin.username, password: admin.password } satisfies LoginBody);
    const body = LoginResponseSchema.parse(res.body);
    expect(body.isAdmin).toBe(true);
    expect(body.redirect).toEqual({ toDashboard: true, isDashboardSubdomain: true });
  });

  it('sets an HttpOnly SameSite=Lax cookie spanning the base domain from a subdomain', async () => {
    const res = await t
      .api()
      .post('/api/auth/login')
      .set('Host', 'manga.warraq.localhost')
      .set('Origin', BROWSER_ORIGIN)
      .send({ username: reader.username, password: reader.password } satisfies LoginBody);
    const cookie = setCookies(res).find((c) => c.startsWith('warraq_sid='))!;
    expect(cookie).toMatch(/^warraq_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Domain=warraq.localhost');
    expect(cookie).not.toContain('Secure');
  });

  it('sets no Domain on 127.0.0.1', async () => {
    const res = await login({ username: reader.username, password: reader.password });
    const cookie = setCookies(res).find((c) => c.startsWith('warraq_sid='))!;
    expect(cookie).not.toContain('Domain=');
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await login({ username: 'nobody-here', password: 'Whatever-123' });
    const wrong = await login({ username: reader.username, password: 'Wrong-Password-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({
      success: false,
      statusCode: 401,
      message: AUTH_MESSAGES.invalidCredentials,
    });
    expect(wrong.body).toEqual(unknown.body);
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('answers 400 with Arabic field messages for a too-short username or password', async () => {
    const res = await t.api().post('/api/auth/login').send({ username: 'ab', password: '1' });
    expect(res.status).toBe(400);
    const body = ErrorResponseSchema.parse(res.body);
    expect(body.errors).toEqual({
      username: [MESSAGES.usernameMin],
      password: [MESSAGES.passwordMin],
    });
  });

  it('gives an API client (no Origin) a bearer token that works on /api/auth/profile', async () => {
    const res = await t
      .api()
      .post('/api/auth/login')
      .send({ username: reader.username, password: reader.password } satisfies LoginBody);
    const body = LoginResponseSchema.parse(res.body);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).toBe(body.access_token);

    const profile = await t
      .api()
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(profile.status).toBe(200);
    expect(ProfileResponseSchema.parse(profile.body).user.id).toBe(reader.id);

    const stored = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ token_hash: string }[]>('select token_hash from api_token');
    expect(stored.map((r) => r.token_hash)).not.toContain(body.access_token);
  });
});

describe('login throttling', () => {
  let t: TestApp;
  let victim: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { WARRAQ_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', WARRAQ_LOGIN_MAX_FAILURES_PER_IP: '5' },
    });
    victim = await newUser(t.orm);
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (username: string, password: string, ip: string) =>
    t
      .api()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ username, password } satisfies LoginBody);

  it('blocks an account after repeated failures, even with the right password, from any IP', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(victim.username, 'Wrong-Guess-1', `203.0.113.${i + 1}`)).status).toBe(401);
    const blocked = await attempt(victim.username.toUpperCase(), victim.password, '203.0.113.50');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('blocks an IP (seen through the loopback proxy) after failures across many accounts', async () => {
    const other = await newUser(t.orm);
    for (let i = 0; i < 5; i++)
      expect((await attempt(`ghost${i}`, 'Wrong-Guess-1', '192.0.2.9')).status).toBe(401);
    expect((await attempt(other.username, other.password, '192.0.2.9')).status).toBe(429);
    expect((await attempt(other.username, other.password, '192.0.2.10')).status).toBe(200);
  });

  it('counts one account whatever it is asked for by: username, e-mail, any case', async () => {
    const user = await newUser(t.orm);
    expect((await attempt(user.username, 'Wrong-Guess-1', '198.51.100.1')).status).toBe(401);
    expect((await attempt(user.email, 'Wrong-Guess-1', '198.51.100.2')).status).toBe(401);
    expect((await attempt(user.email.toUpperCase(), 'Wrong-Guess-1', '198.51.100.3')).status).toBe(401);
    expect((await attempt(user.email, user.password, '198.51.100.4')).status).toBe(429);
    expect((await attempt(user.username, user.password, '198.51.100.5')).status).toBe(429);
  });

  it('throttles change-password like a sign-in: wrong old passwords use up the same budget', async () => {
    const user = await newUser(t.orm);
    const cookie = await signIn(t, user);
    const change = (oldPassword: string) =>
      t
        .api()
        .post('/api/auth/change-password')
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', cookie)
        .set('X-Forwarded-For', '198.51.100.77')
        .send({ oldPassword, newPassword: 'Brand-New-Secret-9' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await change(`Wrong-Old-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // The right old password is refused too while the account is locked, and so is a sign-in.
    expect((await change(user.password)).status).toBe(429);
    expect((await attempt(user.username, user.password, '198.51.100.78')).status).toBe(429);
  });

  it('resets the account counter after a successful login', async () => {
    const user = await newUser(t.orm);
    for (let i = 0; i < 2; i++) await attempt(user.username, 'Wrong-Guess-1', `198.18.0.${i + 1}`);
    expect((await attempt(user.username, user.password, '198.18.0.10')).status).toBe(200);
    for (let i = 0; i < 2; i++) await attempt(user.username, 'Wrong-Guess-1', `198.18.1.${i + 1}`);
    expect((await attempt(user.username, user.password, '198.18.0.11')).status).toBe(200);
  });
});

describe('sessions', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.orm);
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = (cookie?: string) => {
    const req = t.api().get('/api/auth/profile');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('replaces the session on login (fixation): the old id no longer authenticates', async () => {
    const before = await signIn(t, user);
    const res = await t
      .api()
      .post('/api/auth/login')
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', before)
      .send({ username: user.username, password: user.password } satisfies LoginBody);
    const after = sessionCookieOf(res);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await profile(after)).status).toBe(200);
    expect((await profile(before)).status).toBe(401);
  });

  it('does not adopt a session id planted by an attacker', async () => {
    const planted = 'warraq_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const res = await t
      .api()
      .post('/api/auth/login')
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', planted)
      .send({ username: user.username, password: user.password } satisfies LoginBody);
    expect(sessionCookieOf(res)).not.toBe(planted);
    expect((await profile(planted)).status).toBe(401);
  });

  it('logout ends the session and clears the cookie; the old cookie then gets 401', async () => {
    const cookie = await signIn(t, user);
    expect((await profile(cookie)).status).toBe(200);
    const out = await t.api().post('/api/auth/logout').set('Origin', BROWSER_ORIGIN).set('Cookie', cookie);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    expect(setCookies(out).some((c) => c.startsWith('warraq_sid=;') && c.includes('Max-Age=0'))).toBe(true);
    const again = await profile(cookie);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ success: false, statusCode: 401, message: AUTH_MESSAGES.unauthenticated });
  });

  it('logout without a session still answers 200', async () => {
    const res = await t.api().post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('logout with a bearer token revokes the token', async () => {
    const login = await t
      .api()
      .post('/api/auth/login')
      .send({ username: user.username, password: user.password } satisfies LoginBody);
    const token = LoginResponseSchema.parse(login.body).access_token!;
    expect((await t.api().get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await t.api().post('/api/auth/logout').set('Authorization', `Bearer ${token}`);
    expect((await t.api().get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it("a deleted user's session is dead, and a role change applies at once", async () => {
    const doomed = await newUser(t.orm);
    const cookie = await signIn(t, doomed);
    expect((await t.api().get('/api/users').set('Cookie', cookie)).status).toBe(403);
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`update "user" set role = 'moderator' where id = ?`, [doomed.id]);
    expect((await t.api().get('/api/users').set('Cookie', cookie)).status).toBe(200);
    await t.orm.em.fork().getConnection().execute('delete from "user" where id = ?', [doomed.id]);
    expect((await profile(cookie)).status).toBe(401);
  });

  it('a session made by one platform process works on another (shared Redis and database)', async () => {
    const sibling = await t.startSibling();
    const cookie = await signIn(t, user);
    const res = await sibling.api().get('/api/auth/profile').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(ProfileResponseSchema.parse(res.body).user.id).toBe(user.id);
    await sibling.api().post('/api/auth/logout').set('Cookie', cookie);
    expect((await profile(cookie)).status).toBe(401);
  });
});
