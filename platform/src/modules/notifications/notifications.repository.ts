import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NotificationType } from '@warraq/contracts';
import type { Db } from '../../database/transactions';

/**
 * A user's unread notification count, as a scalar subquery whose user id is `userParam` (`?`, or a
 * prepared statement's `$1`): the page state reads it inside its own statement instead of a round
 * trip of its own.
 */
export function unreadCountSql(userParam: string): string {
  return `(select count(*)::int from notification where user_id = ${userParam} and read_at is null)`;
}

export interface NotificationRow {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  path: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

/**
 * What a fan-out announces: a new chapter (`chapter` notifications, unique per reader and chapter)
 * or a followed user's new work (`follow` notifications, unique per reader and series).
 */
export const FANOUT_SUBJECTS = {
  chapter: { column: 'chapter_id', type: 'chapter' },
  series: { column: 'series_id', type: 'follow' },
} as const satisfies Record<string, { column: string; type: NotificationType }>;
export type FanoutSubject = keyof typeof FANOUT_SUBJECTS;

const COLUMNS = 'id, type, title, body, path, read_at, created_at';

/** A JS number array as a SQL int[] (params are inlined by the driver, so arrays go through JSON). */
const INT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb)::int)';
const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))';

/** Stored notifications (raw SQL: `returning` rows and set-based marks). */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Writes one notification in `db` (e.g. the caller's transaction) and returns its row. */
  async insert(
    userId: number,
    n: { type: NotificationType; title: string; body: string; path: string | null },
    db: Db = this.em,
  ): Promise<NotificationRow> {
    const rows = await db.execute<NotificationRow[]>(
      `insert into notification (user_id, type, title, body, path) values (?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [userId, n.type, n.title, n.body, n.path],
    );
    return rows[0]!;
  }

  /**
   * One notification of `subject`'s type for each `(user_id, subject_id)` row `recipientsSql`
   * selects, with its subject's texts from `notices`, as one INSERT … SELECT. The unique (user,
   * chapter) and (user, series) indexes make a repeated fan-out add nothing. Answers the rows written
   * now as `[user, id, subject]` (the texts are the caller's already) and the time they were written
   * (the transaction's, the same for all).
   */
  async insertFanoutNotices(
    db: Db,
    subject: FanoutSubject,
    recipientsSql: string,
    recipientsParams: unknown[],
    notices: readonly { subjectId: number; title: string; body: string; path: string }[],
  ): Promise<{ rows: { user_id: number; id: number; subject_id: number }[]; createdAt: string }> {
    const { column, type } = FANOUT_SUBJECTS[subject];
    const rows = await db.execute<{ user_id: number; id: number; subject_id: number }[]>(
      `insert into notification (user_id, ${column}, type, title, body, path)
       select r.user_id, n.subject_id, '${type}', n.title, n.body, n.path
       from (${recipientsSql}) r
       join jsonb_to_recordset(?::jsonb) as n(subject_id int, title text, body text, path text)
         on n.subject_id = r.subject_id
       on conflict (user_id, ${column}) where ${column} is not null do nothing
       returning user_id, id, ${column} as subject_id`,
      [
        ...recipientsParams,
        JSON.stringify(
          notices.map((n) => ({ subject_id: n.subjectId, title: n.title, body: n.body, path: n.path })),
        ),
      ],
    );
    const at = await db.execute<{ now: Date | string }[]>('select now() as now');
    return { rows, createdAt: new Date(at[0]!.now).toISOString() };
  }

  /**
   * Unread counts of many users at once (users with none are left out): a join, so 100,000 users
   * are one hash join over the table rather than a 100,000-element `= any(...)` test per row.
   */
  async unreadOf(userIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.em.execute<{ user_id: number; n: number }[]>(
      `select n.user_id, count(*)::int as n
       from jsonb_array_elements_text(?::jsonb) as u(id)
       join notification n on n.user_id = u.id::int and n.read_at is null
       group by n.user_id`,
      [JSON.stringify(userIds)],
    );
    return new Map(rows.map((r) => [r.user_id, r.n]));
  }

  async unread(userId: number): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(`select ${unreadCountSql('?')} as n`, [userId]);
    return rows[0]?.n ?? 0;
  }

  /** One page of the user's notifications of `types` (null: every type), newest first, with the total. */
  async page(
    userId: number,
    types: readonly NotificationType[] | null,
    page: number,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = types ? `user_id = ? and type = any(${TEXT_ARRAY})` : 'user_id = ?';
    const params: unknown[] = types ? [userId, JSON.stringify(types)] : [userId];
    const [rows, counted] = await Promise.all([
      this.em.execute<NotificationRow[]>(
        `select ${COLUMNS} from notification where ${where} order by created_at desc, id desc limit ? offset ?`,
        [...params, limit, (page - 1) * limit],
      ),
      this.em.execute<{ n: number }[]>(`select count(*)::int as n from notification where ${where}`, params),
    ]);
    return { rows, total: counted[0]?.n ?? 0 };
  }

  /** Marks the user's own notifications read (all, or those of `ids`: anyone else's match nothing). */
  async markRead(userId: number, ids: readonly number[] | 'all'): Promise<void> {
    if (ids === 'all') {
      await this.em.execute('update notification set read_at = now() where user_id = ? and read_at is null', [
        userId,
      ]);
    } else {
      await this.em.execute(
        `update notification set read_at = now()
         where user_id = ? and read_at is null and id = any(${INT_ARRAY})`,
        [userId, JSON.stringify(ids)],
      );
    }
  }
}
