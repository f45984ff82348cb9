import {
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  LoginResponseSchema,
  MESSAGES,
  ProfileResponseSchema,
  SignInCodeResponseSchema,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, sessionCookieOf, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('identity comes only from the session or a bearer token', () => {
  let t: TestApp;
  let admin: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t.orm, { role: 'superadmin' });
    reader = await newUser(t.orm);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['a user_id cookie', (id: number) => ({ Cookie: `user_id=${id}` })],
    ['an x-user-id header', (id: number) => ({ 'x-user-id': String(id) })],
    ['a bearer token that is a numeric id', (id: number) => ({ Authorization: `Bearer ${id}` })],
    [
      'a session cookie holding a user id',
      (id: number) => ({ Cookie: `warraq_sid=${id}; connect.sid=${id}; sid=${id}` }),
    ],
  ])('%s grants nothing', async (_, headers) => {
    const profile = await t.api().get('/api/auth/profile').set(headers(admin.id));
    expect(profile.status).toBe(401);
    const tokenProfile = await t
      .api()
      .get(`/api/auth/token-profile?userId=${admin.id}`)
      .set(headers(admin.id));
    expect(tokenProfile.status).toBe(401);
    const users = await t.api().get('/api/users').set(headers(admin.id));
    expect(users.status).toBe(401);
  });

  it('token-profile ignores ?userId and x-user-id for a signed-in reader', async () => {
    const cookie = await signIn(t, reader);
    const res = await t
      .api()
      .get(`/api/auth/token-profile?userId=${admin.id}`)
      .set('Cookie', cookie)
      .set('x-user-id', String(admin.id));
    expect(res.status).toBe(200);
    expect(ProfileResponseSchema.parse(res.body).user.id).toBe(reader.id);
  });

  it('body fields claiming identity change nothing', async () => {
    const cookie = await signIn(t, reader);
    const res = await t
      .api()
      .put(`/api/users/${admin.id}`)
      .set('Cookie', cookie)
      .set('Origin', BROWSER_ORIGIN)
      .send({ username: 'hijacked', userId: admin.id });
    expect(res.status).toBe(400); // unknown key `userId` is refused by the strict schema
    const forbidden = await t
      .api()
      .put(`/api/users/${admin.id}`)
      .set('Cookie', cookie)
      .set('Origin', BROWSER_ORIGIN)
      .send({ username: 'hijacked' });
    expect(forbidden.status).toBe(403);
  });
});

describe('Origin check', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.orm);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/auth/login', '/api/auth/logout'])('refuses a foreign Origin on POST %s', async (path) => {
    const res = await t
      .api()
      .post(path)
      .set('Origin', 'https://evil.example')
      .send({ username: user.username, password: user.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, statusCode: 403, message: AUTH_MESSAGES.foreignOrigin });
  });

  it('refuses Sec-Fetch-Site: cross-site', async () => {
    const res = await t
      .api()
      .post('/api/auth/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ username: user.username, password: user.password });
    expect(res.status).toBe(403);
  });

  it('allows a subdomain of the base domain on another port, and the request host itself', async () => {
    const sub = await t
      .api()
      .post('/api/auth/login')
      .set('Origin', 'http://manga.warraq.localhost:8080')
      .send({ username: user.username, password: user.password });
    expect(sub.status).toBe(200);
    const self = await t
      .api()
      .post('/api/auth/login')
      .set('Origin', t.baseUrl)
      .send({ username: user.username, password: user.password });
    expect(self.status).toBe(200);
  });
});

describe('sign-in codes and token-login', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.orm);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a bare user id with 401 (never 400)', async () => {
    const res = await t.api().post('/api/auth/token-login').send({ userId: user.id });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      statusCode: 401,
      message: AUTH_MESSAGES.invalidUserIdForTokenLogin,
    });
    expect(
      (
        await t
          .api()
          .post('/api/auth/token-login')
          .send({ userId: String(user.id) })
      ).status,
    ).toBe(401);
  });

  it('refuses garbage and unknown codes with 401', async () => {
    for (const body of [{}, { code: 'short' }, { code: 'A'.repeat(43) }, { code: 12 }]) {
      const res = await t.api().post('/api/auth/token-login').send(body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(AUTH_MESSAGES.invalidSignInCode);
    }
  });

  it('needs a signed-in user to issue a code', async () => {
    expect((await t.api().post('/api/auth/sign-in-code')).status).toBe(401);
  });

  it('a valid code signs in once; the second use is 401', async () => {
    const cookie = await signIn(t, user);
    const issued = await t
      .api()
      .post('/api/auth/sign-in-code')
      .set('Cookie', cookie)
      .set('Origin', BROWSER_ORIGIN);
    expect(issued.status).toBe(200);
    const { code, expires_in } = SignInCodeResponseSchema.parse(issued.body);
    expect(expires_in).toBe(60);

    const first = await t.api().post('/api/auth/token-login').set('Origin', BROWSER_ORIGIN).send({ code });
    expect(first.status).toBe(200);
    expect(LoginResponseSchema.parse(first.body).userId).toBe(user.id);
    const newCookie = sessionCookieOf(first);
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(cookie);
    expect((await t.api().get('/api/auth/profile').set('Cookie', newCookie!)).status).toBe(200);

    const second = await t.api().post('/api/auth/token-login').send({ code });
    expect(second.status).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (cookie: string, body: ChangePasswordBody) =>
    t.api().post('/api/auth/change-password').set('Cookie', cookie).set('Origin', BROWSER_ORIGIN).send(body);

  it('needs a session', async () => {
    expect(
      (await t.api().post('/api/auth/change-password').send({ oldPassword: 'abcdef', newPassword: 'ghijkl' }))
        .status,
    ).toBe(401);
  });

  it('refuses a wrong old password, an unchanged one and a common one', async () => {
    const user = await newUser(t.orm);
    const cookie = await signIn(t, user);
    const wrong = await change(cookie, { oldPassword: 'Not-The-One-9', newPassword: 'Brand-New-Lamp-5' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ oldPassword: [AUTH_MESSAGES.wrongOldPassword] });
    const same = await change(cookie, { oldPassword: user.password, newPassword: user.password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ newPassword: [MESSAGES.passwordSameAsOld] });
    const common = await change(cookie, { oldPassword: user.password, newPassword: 'iloveyou' });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual({ newPassword: [MESSAGES.passwordTooCommon] });
  });

  it('changes the password, ends other sessions and tokens, keeps the current one', async () => {
    const user = await newUser(t.orm);
    const current = await signIn(t, user);
    const other = await signIn(t, user);
    const apiLogin = await t
      .api()
      .post('/api/auth/login')
      .send({ username: user.username, password: user.password } satisfies LoginBody);
    const token = LoginResponseSchema.parse(apiLogin.body).access_token!;

    const res = await change(current, { oldPassword: user.password, newPassword: 'Brand-New-Lamp-5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });

    expect((await t.api().get('/api/auth/profile').set('Cookie', current)).status).toBe(200);
    expect((await t.api().get('/api/auth/profile').set('Cookie', other)).status).toBe(401);
    expect((await t.api().get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(401);

    const oldLogin = await t
      .api()
      .post('/api/auth/login')
      .send({ username: user.username, password: user.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t
      .api()
      .post('/api/auth/login')
      .send({ username: user.username, password: 'Brand-New-Lamp-5' });
    expect(newLogin.status).toBe(200);
  });
});
