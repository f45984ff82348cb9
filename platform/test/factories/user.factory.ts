import type { MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_PREFERENCES, type Role } from '@warraq/contracts';
import { randomBytes } from 'node:crypto';
import { User } from '../../src/modules/users/user.entity';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.service';

const hasher = new PasswordHasher();
export const DEFAULT_TEST_PASSWORD = 'Quiet-Lantern-42!';
let hashOfDefault: Promise<string> | undefined;

export interface NewUserOptions {
  role?: Role;
  username?: string;
  email?: string;
  password?: string;
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** A user written straight to the database: `newUser(orm, { role: 'moderator' })`. */
export async function newUser(orm: MikroORM, options: NewUserOptions = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `user_${suffix}`;
  const email = options.email ?? `${username.toLowerCase()}@example.test`;
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const role = options.role ?? 'reader';
  const passwordHash =
    password === DEFAULT_TEST_PASSWORD
      ? await (hashOfDefault ??= hasher.hash(DEFAULT_TEST_PASSWORD))
      : await hasher.hash(password);
  const em = orm.em.fork();
  const user = em.create(User, {
    username,
    email,
    passwordHash,
    role,
    points: 0,
    preferences: structuredClone(DEFAULT_PREFERENCES),
  } as never);
  await em.flush();
  return { id: user.id, username, email, password, role };
}
