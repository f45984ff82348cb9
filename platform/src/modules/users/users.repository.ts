import { EntityManager, raw } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Preferences, type ReadingMode, type Role } from '@warraq/contracts';
import { PreparedStatements, preparedStatement } from '../../database/prepared-statements';
import type { Db } from '../../database/transactions';
import { User } from './user.entity';
import { usernameSkeleton } from './username-skeleton';

export interface NewUserData {
  username: string;
  email: string;
  passwordHash: string;
  role?: Role;
}

/** Escapes LIKE wildcards so a search for "a_b" matches those three characters only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What the guard needs of an account on every request: who it is and what it may do. */
export interface IdentityRow {
  id: number;
  username: string;
  role: Role;
}

const IDENTITY_BY_ID = preparedStatement<IdentityRow>(
  'user_identity_by_id',
  'select id, username, role from "user" where id = $1',
);

@Injectable()
export class UsersRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly prepared: PreparedStatements,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /**
   * The account's identity, read fresh (never from the identity map or a cache), or null when the
   * account is gone. No entity is built: this runs on every signed-in request.
   */
  async identityById(id: number): Promise<IdentityRow | null> {
    const rows = await this.prepared.rows(IDENTITY_BY_ID, [id]);
    return rows[0] ?? null;
  }

  /** Login name: the username (any case) or the e-mail address. */
  findByLogin(login: string): Promise<User | null> {
    const value = login.trim().toLowerCase();
    return this.em.findOne(User, {
      $or: [{ [raw('lower(username)')]: value }, { [raw('lower(email)')]: value }],
    });
  }

  /** The id of the account with this username (any case), or null: public profile links name users. */
  async idByUsername(username: string): Promise<number | null> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: number }[]>('select id from "user" where lower(username) = lower(?) limit 1', [
        username,
      ]);
    return rows[0]?.id ?? null;
  }

  /** Every account (the dashboard's registered users). */
  count(): Promise<number> {
    return this.em.count(User, {});
  }

  async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
    return this.taken('username', username, exceptId);
  }

  /** Whether another account's username looks like this one (the same confusable skeleton). */
  async usernameConfusable(username: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: number }[]>(
        `select id from "user" where username_skeleton = ?${exceptId ? ' and id <> ?' : ''} limit 1`,
        exceptId ? [usernameSkeleton(username), exceptId] : [usernameSkeleton(username)],
      );
    return rows.length > 0;
  }

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    return this.taken('email', email, exceptId);
  }

  async create(data: NewUserData): Promise<User> {
    const user = this.em.create(User, {
      username: data.username,
      email: data.email.toLowerCase(),
      passwordHash: data.passwordHash,
      role: data.role ?? 'reader',
      points: 0,
    } as never);
    await this.em.flush();
    return user;
  }

  async list(params: {
    page: number;
    limit: number;
    search?: string | undefined;
  }): Promise<{ users: User[]; total: number }> {
    const where = params.search
      ? {
          $or: [
            { username: { $ilike: `%${escapeLike(params.search)}%` } },
            { email: { $ilike: `%${escapeLike(params.search)}%` } },
          ],
        }
      : {};
    const [users, total] = await this.em.findAndCount(User, where, {
      orderBy: { id: 'asc' },
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
    });
    return { users, total };
  }

  async update(user: User, changes: Partial<Pick<User, 'username' | 'email' | 'role'>>): Promise<User> {
    this.em.assign(user, changes);
    await this.em.flush();
    return user;
  }

  /**
   * Sets `targetId`'s role inside one transaction that first locks every superadmin row, the actor and
   * the target, then lets `decide` judge with the roles as they are now (it throws to refuse). Two
   * superadmins demoting each other at once are thus serialised: the second finds it is no longer one.
   * Answers null when either user is gone.
   */
  async changeRole(
    actorId: number,
    targetId: number,
    decide: (now: { actor: Role; target: Role; superadmins: number }) => Role,
  ): Promise<{ previous: Role; role: Role } | null> {
    return this.em.transactional(async (tx) => {
      const superadmins = await tx.execute<{ id: number }[]>(
        `select id from "user" where role = 'superadmin' order by id for update`,
      );
      const rows = await tx.execute<{ id: number; role: Role }[]>(
        `select id, role from "user" where id in (?, ?) order by id for update`,
        [actorId, targetId],
      );
      const actor = rows.find((row) => row.id === actorId);
      const target = rows.find((row) => row.id === targetId);
      if (!actor || !target) return null;
      const role = decide({ actor: actor.role, target: target.role, superadmins: superadmins.length });
      await tx.execute(`update "user" set role = ? where id = ?`, [role, targetId]);
      return { previous: target.role, role };
    });
  }

  /** Locks the user's row for the rest of `tx` and reads their points; null when the user is gone. */
  async lockPoints(tx: Db, userId: number): Promise<number | null> {
    const [row] = await tx.execute<{ points: number }[]>(
      `select points from "user" where id = ? for update`,
      [userId],
    );
    return row ? row.points : null;
  }

  /** Adds `amount` to the user's points in `tx` (the points ledger's running sum); answers the new total. */
  async addPoints(tx: Db, userId: number, amount: number): Promise<number> {
    const [row] = await tx.execute<{ points: number }[]>(
      `update "user" set points = points + ? where id = ? returning points`,
      [amount, userId],
    );
    return row!.points;
  }

  /** The reading mode the reader chose last (null follows each series type's default). */
  async setReadingMode(userId: number, mode: ReadingMode): Promise<void> {
    await this.em.execute(`update "user" set reading_mode = ? where id = ?`, [mode, userId]);
  }

  async setPreferences(user: User, preferences: Preferences): Promise<User> {
    user.preferences = preferences;
    await this.em.flush();
    return user;
  }

  async setPasswordHash(user: User, passwordHash: string): Promise<void> {
    user.passwordHash = passwordHash;
    await this.em.flush();
  }

  async touchLastLogin(user: User, at = new Date()): Promise<void> {
    user.lastLogin = at;
    await this.em.flush();
  }

  private async taken(column: 'username' | 'email', value: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: number }[]>(
        `select id from "user" where lower("${column}") = lower(?)${exceptId ? ' and id <> ?' : ''} limit 1`,
        exceptId ? [value, exceptId] : [value],
      );
    return rows.length > 0;
  }
}
