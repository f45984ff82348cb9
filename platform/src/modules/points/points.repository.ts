import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PointsEntry } from '@warraq/contracts';
import type { Db } from '../../database/transactions';

export interface PointsChange {
  userId: number;
  /** Positive earns, negative spends. */
  amount: number;
  service: string;
  description: string;
  /** Names the contribution an automatic award is for: the same key is recorded once, ever. */
  eventKey?: string | undefined;
  awardedBy?: number | undefined;
}

interface EntryRow {
  id: number;
  amount: number;
  type: 'earned' | 'spent';
  service: string;
  description: string;
  created_at: Date;
  awarded_by: string | null;
}

export function toPointsEntry(row: EntryRow): PointsEntry {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** The points ledger's entries (raw SQL: `on conflict do nothing returning`, sums with filters). */
@Injectable()
export class PointsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts the entry in `tx`; null when its `eventKey` was already recorded. */
  async insert(tx: Db, change: PointsChange): Promise<PointsEntry | null> {
    const [row] = await tx.execute<EntryRow[]>(
      `insert into points_entry (user_id, amount, type, service, description, event_key, awarded_by)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (event_key) do nothing
       returning id, amount, type, service, description, created_at,
         (select username from "user" where id = points_entry.awarded_by) as awarded_by`,
      [
        change.userId,
        change.amount,
        change.amount > 0 ? 'earned' : 'spent',
        change.service,
        change.description,
        change.eventKey ?? null,
        change.awardedBy ?? null,
      ],
    );
    return row ? toPointsEntry(row) : null;
  }

  async history(
    userId: number,
    page: number,
    limit: number,
  ): Promise<{ entries: PointsEntry[]; total: number; balance: number; earned: number; spent: number }> {
    const [rows, totals] = await Promise.all([
      this.em.execute<EntryRow[]>(
        `select e.id, e.amount, e.type, e.service, e.description, e.created_at, a.username as awarded_by
         from points_entry e left join "user" a on a.id = e.awarded_by
         where e.user_id = ? order by e.created_at desc, e.id desc limit ? offset ?`,
        [userId, limit, (page - 1) * limit],
      ),
      this.em.execute<{ total: number; balance: number; earned: number; spent: number }[]>(
        `select count(*)::int as total, coalesce(sum(amount), 0)::int as balance,
           coalesce(sum(amount) filter (where amount > 0), 0)::int as earned,
           coalesce(-sum(amount) filter (where amount < 0), 0)::int as spent
         from points_entry where user_id = ?`,
        [userId],
      ),
    ]);
    const t = totals[0]!;
    return {
      entries: rows.map(toPointsEntry),
      total: t.total,
      balance: t.balance,
      earned: t.earned,
      spent: t.spent,
    };
  }
}
