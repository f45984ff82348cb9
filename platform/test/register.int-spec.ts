import {
  AUTH_MESSAGES,
  DEFAULT_PREFERENCES,
  ErrorResponseSchema,
  MESSAGES,
  type RegisterBody,
  RegisterResponseSchema,
} from '@warraq/contracts';
import { createTestApp, type TestApp } from './test-app';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: unknown) =>
    t
      .api()
      .post('/api/auth/register')
      .send(body as object);

  it('creates a reader with 0 points and default preferences, ignoring points and created_at sent by the client', async () => {
    const res = await register({
      username: 'layla',
      email: 'Layla@Example.test',
      password: 'Moonlit-Pages-7',
      points: 999,
      created_at: '2001-01-01T00:00:00Z',
      device: 'desktop',
    } satisfies RegisterBody);
    expect(res.status).toBe(201);
    const body = RegisterResponseSchema.parse(res.body);
    expect(body.message).toBe(AUTH_MESSAGES.registered);
    expect(body.user).toMatchObject({
      username: 'layla',
      email: 'layla@example.test',
      role: 'reader',
      points: 0,
    });
    expect(body.user.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(new Date(body.user.created_at).getFullYear()).toBeGreaterThan(2020);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('does not sign the new user in', async () => {
    const res = await register({
      username: 'noLogin1',
      email: 'nologin1@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(res.status).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 with field errors for a too-short username and password', async () => {
    const res = await register({ username: 'ab', email: 'short@example.test', password: '123' });
    expect(res.status).toBe(400);
    const body = ErrorResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: false, statusCode: 400, message: 'بيانات غير صالحة' });
    expect(body.errors?.username).toEqual([MESSAGES.usernameMin]);
    expect(body.errors?.password).toEqual([MESSAGES.passwordMin]);
  });

  it('refuses look-alike usernames: mixed scripts with an Arabic message, fullwidth as the name it shows', async () => {
    const first = await register({
      username: 'sweep_owner',
      email: 'sweep@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(first.status).toBe(201);
    for (const [i, lookalike] of ['\u0430dmin', '\u043ewner', 'sweep_\u043ewner'].entries()) {
      const res = await register({
        username: lookalike,
        email: `look${i}@example.test`,
        password: 'Moonlit-Pages-7',
      });
      expect([lookalike, res.status, res.body.errors?.username]).toEqual([
        lookalike,
        400,
        [MESSAGES.usernameMixedScripts],
      ]);
    }
    const fullwidth = await register({
      username: 'ｓｗｅｅｐ_ｏｗｎｅｒ',
      email: 'fullwidth@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(fullwidth.status).toBe(409);
    expect(fullwidth.body.errors.username).toEqual([AUTH_MESSAGES.usernameTaken]);
    const arabic = await register({
      username: 'قارئ_المساء',
      email: 'arabic@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(arabic.status).toBe(201);
    expect(arabic.body.user.username).toBe('قارئ_المساء');
  });

  it('refuses a name whose confusable skeleton matches an existing one, in Arabic, and keeps Arabic names open', async () => {
    for (const [i, name] of ['owner', 'copy'].entries()) {
      const res = await register({
        username: name,
        email: `skel${i}@example.test`,
        password: 'Moonlit-Pages-7',
      });
      expect(res.status).toBe(201);
    }
    // All-Cyrillic сору (с о р у) and оwner with a Cyrillic о (mixed, refused earlier), a digit zero,
    // a fullwidth zero, and rn for m: each looks like a name already taken.
    const lookalikes: [string, number, string][] = [
      ['\u0441\u043e\u0440\u0443', 409, AUTH_MESSAGES.usernameConfusable],
      ['\u043ewner', 400, MESSAGES.usernameMixedScripts],
      ['0wner', 409, AUTH_MESSAGES.usernameConfusable],
      ['\uff10wner', 409, AUTH_MESSAGES.usernameConfusable],
      ['C0PY', 409, AUTH_MESSAGES.usernameConfusable],
    ];
    for (const [i, [name, status, message]] of lookalikes.entries()) {
      const res = await register({
        username: name,
        email: `skel-look${i}@example.test`,
        password: 'Moonlit-Pages-7',
      });
      expect([name, res.status, res.body.errors?.username]).toEqual([name, status, [message]]);
    }
    for (const [i, name] of ['وراق_الليل', 'وراق_النهار'].entries()) {
      const res = await register({
        username: name,
        email: `skel-ar${i}@example.test`,
        password: 'Moonlit-Pages-7',
      });
      expect([name, res.status]).toEqual([name, 201]);
    }
    const owner = await register({
      username: 'owner2',
      email: 'skel-ok@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(owner.status).toBe(201);
  });

  it('answers 400 for a bad e-mail and for wrong types', async () => {
    const bad = await register({ username: 'someone', email: 'not-an-email', password: 'Moonlit-Pages-7' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual([MESSAGES.emailInvalid]);

    const typed = await register({ username: 123, email: 'typed@example.test', password: 'Moonlit-Pages-7' });
    expect(typed.status).toBe(400);
    expect(typed.body.errors.username).toBeDefined();
  });

  it('refuses a common password', async () => {
    const res = await register({
      username: 'commoner',
      email: 'commoner@example.test',
      password: 'password123',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual([MESSAGES.passwordTooCommon]);
  });

  it('refuses a username that differs only in case (409) and a taken e-mail (409)', async () => {
    expect(
      (await register({ username: 'Karim', email: 'karim@example.test', password: 'Moonlit-Pages-7' }))
        .status,
    ).toBe(201);

    const sameName = await register({
      username: 'KARIM',
      email: 'other@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      success: false,
      statusCode: 409,
      errors: { username: [AUTH_MESSAGES.usernameTaken] },
    });

    const sameEmail = await register({
      username: 'karim2',
      email: 'KARIM@example.test',
      password: 'Moonlit-Pages-7',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
  });

  it('enforces case-insensitive uniqueness in the database itself', async () => {
    const conn = t.orm.em.fork().getConnection();
    await expect(
      conn.execute(
        `insert into "user" (username, username_skeleton, email, password_hash, preferences) values ('LAYLA', 'unseen', 'x@example.test', 'h', '{}')`,
      ),
    ).rejects.toThrow(/user_username_lower_unique/);
    await expect(
      conn.execute(
        `insert into "user" (username, username_skeleton, email, password_hash, preferences) values ('1ayla', 'layla', 'y@example.test', 'h', '{}')`,
      ),
    ).rejects.toThrow(/user_username_skeleton_unique/);
  });

  it('answers 413 in the error shape for a body over 100 kb', async () => {
    const res = await register({
      username: 'big',
      email: 'big@example.test',
      password: 'x'.repeat(120 * 1024),
    });
    expect(res.status).toBe(413);
    expect(ErrorResponseSchema.parse(res.body).statusCode).toBe(413);
  });

  it('answers 400 for malformed JSON and 415 for a form-encoded body', async () => {
    const malformed = await t
      .api()
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"username": "a",');
    expect(malformed.status).toBe(400);
    expect(ErrorResponseSchema.parse(malformed.body).success).toBe(false);

    const form = await t
      .api()
      .post('/api/auth/register')
      .type('form')
      .send('username=abc&email=a@b.test&password=Moonlit-Pages-7');
    expect(form.status).toBe(415);
    expect(ErrorResponseSchema.parse(form.body).statusCode).toBe(415);
  });
});

describe('registration throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After after too many registrations from one IP', async () => {
    const from = (ip: string, n: number) =>
      t
        .api()
        .post('/api/auth/register')
        .set('X-Forwarded-For', ip)
        .send({ username: `flood${n}`, email: `flood${n}@example.test`, password: 'Moonlit-Pages-7' });
    expect((await from('198.51.100.1', 1)).status).toBe(201);
    expect((await from('198.51.100.1', 2)).status).toBe(201);
    const third = await from('198.51.100.1', 3);
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.2', 4)).status).toBe(201);
  });
});
