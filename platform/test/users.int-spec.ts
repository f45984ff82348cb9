import {
  AUTH_MESSAGES,
  DEFAULT_NOVEL_READER_SETTINGS,
  type PreferencesResponse,
  PreferencesResponseSchema,
  type UpdatePreferencesBody,
  type UpdateUserBody,
  UserListResponseSchema,
  UserResponseSchema,
} from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('users', () => {
  let t: TestApp;
  let reader: TestUser;
  let otherReader: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  let superadmin: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    reader = await newUser(t.orm, { username: 'reader_one' });
    otherReader = await newUser(t.orm, { username: 'reader_two' });
    moderator = await newUser(t.orm, { role: 'moderator', username: 'mod_one' });
    admin = await newUser(t.orm, { role: 'admin', username: 'admin_one' });
    superadmin = await newUser(t.orm, { role: 'superadmin', username: 'owner_one' });
    for (const u of [reader, otherReader, moderator, admin, superadmin])
      cookies[u.username] = await signIn(t, u);
    for (let i = 0; i < 25; i++) await newUser(t.orm, { username: `bulk_${String(i).padStart(2, '0')}` });
    await newUser(t.orm, { username: 'per%cent', email: 'percent@example.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (u: TestUser) => ({ Cookie: cookies[u.username]!, Origin: BROWSER_ORIGIN });

  describe('GET /api/users', () => {
    it('is 401 anonymous and 403 for a reader', async () => {
      expect((await t.api().get('/api/users')).status).toBe(401);
      const res = await t.api().get('/api/users').set(as(reader));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, statusCode: 403, message: AUTH_MESSAGES.forbidden });
    });

    it('lists for a moderator with meta, ordered by id, paged', async () => {
      const res = await t.api().get('/api/users?page=2&limit=10').set(as(moderator));
      expect(res.status).toBe(200);
      const body = UserListResponseSchema.parse(res.body);
      expect(body.meta).toEqual({ total: 31, page: 2, limit: 10, pages: 4 });
      expect(body.data).toHaveLength(10);
      const ids = body.data.map((u) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const firstPage = UserListResponseSchema.parse(
        (await t.api().get('/api/users?limit=10').set(as(moderator))).body,
      );
      expect(Math.max(...firstPage.data.map((u) => u.id))).toBeLessThan(Math.min(...ids));
    });

    it('defaults to page 1 and 20 per page, and refuses a limit over 100', async () => {
      const body = UserListResponseSchema.parse((await t.api().get('/api/users').set(as(admin))).body);
      expect(body.meta).toMatchObject({ page: 1, limit: 20 });
      expect(body.data).toHaveLength(20);
      expect((await t.api().get('/api/users?limit=101').set(as(admin))).status).toBe(400);
      expect((await t.api().get('/api/users?page=0').set(as(admin))).status).toBe(400);
    });

    it('searches username and e-mail; % and _ are literal', async () => {
      const bulk = UserListResponseSchema.parse(
        (await t.api().get('/api/users?search=BULK_1').set(as(moderator))).body,
      );
      expect(bulk.data.map((u) => u.username).sort()).toEqual([
        'bulk_10',
        'bulk_11',
        'bulk_12',
        'bulk_13',
        'bulk_14',
        'bulk_15',
        'bulk_16',
        'bulk_17',
        'bulk_18',
        'bulk_19',
      ]);
      const percent = UserListResponseSchema.parse(
        (await t.api().get('/api/users?search=%25').set(as(moderator))).body,
      );
      expect(percent.data.map((u) => u.username)).toEqual(['per%cent']);
      // As a LIKE wildcard, "a_m" would match "admin_one"; escaped, it matches nothing.
      const underscore = UserListResponseSchema.parse(
        (await t.api().get('/api/users?search=a_m').set(as(moderator))).body,
      );
      expect(underscore.meta.total).toBe(0);
      const byEmail = UserListResponseSchema.parse(
        (await t.api().get('/api/users?search=PERCENT@').set(as(moderator))).body,
      );
      expect(byEmail.data.map((u) => u.username)).toEqual(['per%cent']);
    });
  });

  describe('GET /api/users/:id', () => {
    it('shows oneself to a reader, others only to staff', async () => {
      expect(
        UserResponseSchema.parse((await t.api().get(`/api/users/${reader.id}`).set(as(reader))).body).user.id,
      ).toBe(reader.id);
      expect((await t.api().get(`/api/users/${otherReader.id}`).set(as(reader))).status).toBe(403);
      expect((await t.api().get(`/api/users/${otherReader.id}`).set(as(moderator))).status).toBe(200);
    });

    it('is 400 for a non-numeric id and 404 for an unknown one', async () => {
      const bad = await t.api().get('/api/users/abc').set(as(admin));
      expect(bad.status).toBe(400);
      expect(bad.body.errors.id).toBeDefined();
      expect((await t.api().get('/api/users/999999').set(as(admin))).status).toBe(404);
    });
  });

  describe('PUT /api/users/:id', () => {
    const put = (actor: TestUser, id: number, body: UpdateUserBody) =>
      t.api().put(`/api/users/${id}`).set(as(actor)).send(body);

    it('lets a user edit themselves', async () => {
      const res = await put(otherReader, otherReader.id, {
        username: 'reader_two_b',
        email: 'Two@Example.test',
      });
      expect(res.status).toBe(200);
      expect(UserResponseSchema.parse(res.body).user).toMatchObject({
        username: 'reader_two_b',
        email: 'two@example.test',
      });
    });

    it("refuses to edit someone else's account", async () => {
      expect((await put(reader, otherReader.id, { username: 'stolen' })).status).toBe(403);
      expect((await put(moderator, reader.id, { username: 'stolen' })).status).toBe(403);
    });

    it('lets an admin edit a reader, but not a superadmin; a superadmin edits anyone', async () => {
      expect((await put(admin, reader.id, { email: 'reader.one@example.test' })).status).toBe(200);
      expect((await put(admin, superadmin.id, { username: 'demoted' })).status).toBe(403);
      expect((await put(superadmin, admin.id, { email: 'admin.one@example.test' })).status).toBe(200);
      expect((await put(admin, 999999, { username: 'ghost_user' })).status).toBe(404);
    });

    it('answers 409 for a username taken in another case or a taken e-mail', async () => {
      const name = await put(reader, reader.id, { username: 'MOD_ONE' });
      expect(name.status).toBe(409);
      expect(name.body.errors).toEqual({ username: [AUTH_MESSAGES.usernameTaken] });
      const mail = await put(reader, reader.id, { email: moderator.email });
      expect(mail.status).toBe(409);
      expect(mail.body.errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
    });

    it("answers 409 for a rename onto a look-alike of another user's name, and lets a user keep their own", async () => {
      // rn looks like m, 0 like o: both are the moderator's mod_one to a reader's eye.
      for (const name of ['rnod_one', 'm0d_one', 'MOD_0NE']) {
        const res = await put(reader, reader.id, { username: name });
        expect([name, res.status, res.body.errors]).toEqual([
          name,
          409,
          { username: [AUTH_MESSAGES.usernameConfusable] },
        ]);
      }
      const own = await put(moderator, moderator.id, { username: 'rnod_one' });
      expect(own.status).toBe(200);
      expect(UserResponseSchema.parse(own.body).user.username).toBe('rnod_one');
      const back = await put(moderator, moderator.id, { username: moderator.username });
      expect(back.status).toBe(200);
    });

    it('answers 400 for an empty body or unknown fields', async () => {
      expect((await t.api().put(`/api/users/${reader.id}`).set(as(reader)).send({})).status).toBe(400);
      expect(
        (await t.api().put(`/api/users/${reader.id}`).set(as(reader)).send({ role: 'admin' })).status,
      ).toBe(400);
    });
  });

  describe('preferences', () => {
    it('reads defaults and merges updates for oneself', async () => {
      const first = PreferencesResponseSchema.parse(
        (await t.api().get(`/api/users/${reader.id}/preferences`).set(as(reader))).body,
      );
      expect(first.preferences).toEqual({
        theme: 'system',
        language: 'en',
        numerals: 'arab',
        notifications: { email: true, push: false },
        novelReader: DEFAULT_NOVEL_READER_SETTINGS,
        historyPaused: false,
      });

      const res = await t
        .api()
        .post(`/api/users/${reader.id}/preferences`)
        .set(as(reader))
        .send({
          theme: 'dark',
          numerals: 'latn',
          notifications: { push: true },
        } satisfies UpdatePreferencesBody);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        preferences: {
          theme: 'dark',
          language: 'en',
          numerals: 'latn',
          notifications: { email: true, push: true },
          novelReader: DEFAULT_NOVEL_READER_SETTINGS,
          historyPaused: false,
        },
      } satisfies PreferencesResponse);

      const again = PreferencesResponseSchema.parse(
        (await t.api().get(`/api/users/${reader.id}/preferences`).set(as(reader))).body,
      );
      expect(again.preferences.theme).toBe('dark');
      expect(again.preferences.numerals).toBe('latn');
    });

    it("refuses someone else's preferences (admins may read)", async () => {
      expect((await t.api().get(`/api/users/${otherReader.id}/preferences`).set(as(reader))).status).toBe(
        403,
      );
      expect(
        (
          await t
            .api()
            .post(`/api/users/${otherReader.id}/preferences`)
            .set(as(reader))
            .send({ theme: 'light' })
        ).status,
      ).toBe(403);
      expect(
        (await t.api().post(`/api/users/${reader.id}/preferences`).set(as(admin)).send({ theme: 'light' }))
          .status,
      ).toBe(403);
      expect((await t.api().get(`/api/users/${reader.id}/preferences`).set(as(admin))).status).toBe(200);
    });

    it("keeps the novel reader's settings, merged field by field, for the next session too", async () => {
      const novelist = await newUser(t.orm, { username: 'novel_reader' });
      const cookie = { Cookie: await signIn(t, novelist), Origin: BROWSER_ORIGIN };
      const save = (body: UpdatePreferencesBody) =>
        t.api().post(`/api/users/${novelist.id}/preferences`).set(cookie).send(body);
      expect((await save({ novelReader: { font: 'plex-sans', size: 26 } })).status).toBe(200);
      const res = await save({ novelReader: { theme: 'sepia', align: 'start' } });
      expect(res.status).toBe(200);
      const expected = {
        ...DEFAULT_NOVEL_READER_SETTINGS,
        font: 'plex-sans',
        size: 26,
        theme: 'sepia',
        align: 'start',
      };
      expect(PreferencesResponseSchema.parse(res.body).preferences.novelReader).toEqual(expected);

      // Another device: a new session sees them in the profile the site renders pages with.
      const elsewhere = await signIn(t, novelist);
      const me = await t.api().get('/api/auth/profile').set({ Cookie: elsewhere, Origin: BROWSER_ORIGIN });
      expect(me.status).toBe(200);
      expect(me.body.user.preferences.novelReader).toEqual(expected);
      // The theme of the site is not the reader's: it did not move.
      expect(me.body.user.preferences.theme).toBe('system');
    });

    it("refuses novel reader settings out of range, unknown or someone else's", async () => {
      const save = (body: unknown, who = reader, id = reader.id) =>
        t
          .api()
          .post(`/api/users/${id}/preferences`)
          .set(as(who))
          .send(body as object);
      for (const novelReader of [
        { size: 8 },
        { size: 20.5 },
        { lineHeight: 9 },
        { width: 5 },
        { font: 'comic-sans' },
        { theme: 'neon' },
        { align: 'center' },
        { size: '20' },
        { colour: 'red' },
      ]) {
        const res = await save({ novelReader });
        expect({ novelReader, status: res.status }).toEqual({ novelReader, status: 400 });
        expect(Object.keys(res.body.errors ?? {}).some((key) => key.startsWith('novelReader'))).toBe(true);
        expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
      }
      expect((await save({ novelReader: { size: 30 } }, reader, otherReader.id)).status).toBe(403);
      const theirs = PreferencesResponseSchema.parse(
        (await t.api().get(`/api/users/${otherReader.id}/preferences`).set(as(otherReader))).body,
      );
      expect(theirs.preferences.novelReader.size).not.toBe(30);
    });

    it('refuses an unknown theme with a field error', async () => {
      const res = await t
        .api()
        .post(`/api/users/${reader.id}/preferences`)
        .set(as(reader))
        .send({ theme: 'neon' });
      expect(res.status).toBe(400);
      expect(res.body.errors.theme).toBeDefined();
    });
  });
});
