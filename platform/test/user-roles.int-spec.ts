import { AUTH_MESSAGES, ChangeRoleResponseSchema, USER_ROLE_MESSAGES } from '@warraq/contracts';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

/** `PUT /api/users/:id/role`: who may grant what, and the roles that must survive. */
describe('changing a role', () => {
  let t: TestApp;
  let reader: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  let owner: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    reader = await newUser(t.orm);
    moderator = await newUser(t.orm, { role: 'moderator' });
    admin = await newUser(t.orm, { role: 'admin' });
    owner = await newUser(t.orm, { role: 'superadmin' });
    for (const u of [reader, moderator, admin, owner]) cookies.set(u.id, await signIn(t, u));
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (actor: TestUser | null, id: number | string, body: unknown) => {
    const req = t.api().put(`/api/users/${id}/role`).set('Origin', BROWSER_ORIGIN);
    if (actor) req.set('Cookie', cookies.get(actor.id)!);
    return req.send(body as object);
  };
  const roleOf = async (id: number) =>
    (
      await t.orm.em.getConnection().execute<{ role: string }[]>('select role from "user" where id = ?', [id])
    )[0]!.role;

  it('refuses guests, readers and moderators', async () => {
    expect((await put(null, reader.id, { role: 'moderator' })).status).toBe(401);
    expect((await put(reader, reader.id, { role: 'moderator' })).status).toBe(403);
    const res = await put(moderator, reader.id, { role: 'moderator' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AUTH_MESSAGES.forbidden);
    expect(await roleOf(reader.id)).toBe('reader');
  });

  it('lets an admin make a reader a moderator and back, and the answer carries the new role', async () => {
    const up = await put(admin, reader.id, { role: 'moderator' });
    expect(up.status).toBe(200);
    const body = ChangeRoleResponseSchema.parse(up.body);
    expect(body.user).toMatchObject({ id: reader.id, role: 'moderator' });
    expect(body.message).toBe(USER_ROLE_MESSAGES.updated);
    // The reader's own next request already has staff rights.
    const asReader = await t
      .api()
      .get('/api/moderation/pending-count')
      .set('Cookie', cookies.get(reader.id)!);
    expect(asReader.status).toBe(200);

    expect((await put(admin, reader.id, { role: 'reader' })).status).toBe(200);
    expect(await roleOf(reader.id)).toBe('reader');
    const after = await t.api().get('/api/moderation/pending-count').set('Cookie', cookies.get(reader.id)!);
    expect(after.status).toBe(403);
  });

  it('keeps admin and superadmin for a superadmin to grant', async () => {
    const res = await put(admin, reader.id, { role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(USER_ROLE_MESSAGES.adminOnlyBySuperadmin);
    expect((await put(admin, owner.id, { role: 'reader' })).status).toBe(403);
    expect(await roleOf(reader.id)).toBe('reader');
    expect(await roleOf(owner.id)).toBe('superadmin');
  });

  it('never lets anyone change their own role', async () => {
    const res = await put(admin, admin.id, { role: 'superadmin' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(USER_ROLE_MESSAGES.ownRole);
    expect((await put(owner, owner.id, { role: 'reader' })).body.message).toBe(USER_ROLE_MESSAGES.ownRole);
  });

  it('answers 409 for the role the user already has, 404 for no such user, 400 for nonsense', async () => {
    const same = await put(admin, moderator.id, { role: 'moderator' });
    expect(same.status).toBe(409);
    expect(same.body.errors).toEqual({ role: [USER_ROLE_MESSAGES.unchanged] });
    expect((await put(owner, 987654, { role: 'reader' })).status).toBe(404);
    expect((await put(owner, 'abc', { role: 'reader' })).status).toBe(400);
    expect((await put(owner, reader.id, { role: 'emperor' })).status).toBe(400);
    expect((await put(owner, reader.id, { role: 'moderator', extra: 1 })).status).toBe(400);
    expect((await put(owner, reader.id, {})).status).toBe(400);
  });

  it('lets a superadmin grant admin and superadmin, and keeps the last superadmin', async () => {
    const second = await newUser(t.orm, { role: 'superadmin' });
    cookies.set(second.id, await signIn(t, second));
    expect((await put(owner, admin.id, { role: 'superadmin' })).status).toBe(200);
    expect((await put(owner, admin.id, { role: 'admin' })).status).toBe(200);

    // Two superadmins demote each other at the same moment: exactly one of them stays.
    const [a, b] = await Promise.all([
      put(owner, second.id, { role: 'reader' }),
      put(second, owner.id, { role: 'reader' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const remaining = await t.orm.em
      .getConnection()
      .execute<{ id: number }[]>(`select id from "user" where role = 'superadmin'`);
    expect(remaining).toHaveLength(1);
  });
});
