import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ContentKind, ModerationAction, ModerationLogQuery, ModerationStatus } from '@warraq/contracts';
import type { Db } from '../../database/transactions';
import type { LockedItem } from '../series/moderation-queue.mapper';

export interface ModerationLogRow {
  id: number;
  action: ModerationAction;
  content_type: ContentKind;
  content_id: number;
  title: string;
  actor_id: number | null;
  actor_username: string | null;
  from_status: ModerationStatus;
  note: string | null;
  created_at: Date | string;
}

/** The moderation log (raw SQL: written in the decision's transaction, read with the actor's name). */
@Injectable()
export class ModerationRepository {
  constructor(private readonly em: EntityManager) {}

  async insertLog(
    tx: Db,
    entry: {
      actorId: number;
      action: ModerationAction;
      item: LockedItem;
      title: string;
      note: string | null;
    },
  ): Promise<void> {
    await tx.execute(
      `insert into moderation_log (actor_id, action, content_type, content_id, title, from_status, note)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.actorId,
        entry.action,
        entry.item.contentType,
        entry.item.id,
        entry.title.slice(0, 400),
        entry.item.status,
        entry.note,
      ],
    );
  }

  async logPage(query: ModerationLogQuery): Promise<{ rows: ModerationLogRow[]; total: number }> {
    const where = query.action ? 'where l.action = ?' : '';
    const params: unknown[] = query.action ? [query.action] : [];
    const [rows, counted] = await Promise.all([
      this.em.execute<ModerationLogRow[]>(
        `select l.id, l.action, l.content_type, l.content_id, l.title, l.actor_id, u.username as actor_username,
           l.from_status, l.note, l.created_at
         from moderation_log l left join "user" u on u.id = l.actor_id ${where}
         order by l.created_at desc, l.id desc limit ? offset ?`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ),
      this.em.execute<{ n: number }[]>(`select count(*)::int as n from moderation_log l ${where}`, params),
    ]);
    return { rows, total: counted[0]?.n ?? 0 };
  }
}
