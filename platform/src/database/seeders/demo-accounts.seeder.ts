import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PREFERENCES } from '@warraq/contracts';
import { User } from '../../modules/users/user.entity';
import { type DemoAccount, DEMO_ACCOUNTS } from './demo-accounts';

export interface SeededAccount extends DemoAccount {
  id: number;
  created: boolean;
}

/**
 * Upserts the demo accounts (idempotent): creates missing ones; for existing ones (matched by
 * username, any case) resets e-mail, role and password to the listed values.
 */
export async function seedDemoAccounts(
  em: EntityManager,
  hashPassword: (password: string) => Promise<string>,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
): Promise<SeededAccount[]> {
  const seeded: SeededAccount[] = [];
  for (const account of accounts) {
    const passwordHash = await hashPassword(account.password);
    const rows = await em
      .getConnection()
      .execute<{ id: number }[]>(
        'select id from "user" where lower(username) = lower(?) or lower(email) = lower(?) order by (lower(username) = lower(?)) desc limit 1',
        [account.username, account.email, account.username],
      );
    const existing = rows[0] ? await em.findOne(User, { id: rows[0].id }) : null;
    if (existing) {
      em.assign(existing, {
        username: account.username,
        email: account.email,
        role: account.role,
        passwordHash,
      });
      await em.flush();
      seeded.push({ ...account, id: existing.id, created: false });
    } else {
      const user = em.create(User, {
        username: account.username,
        email: account.email,
        role: account.role,
        passwordHash,
        points: 0,
        preferences: structuredClone(DEFAULT_PREFERENCES),
      } as never);
      await em.flush();
      seeded.push({ ...account, id: user.id, created: true });
    }
  }
  return seeded;
}
