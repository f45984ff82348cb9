import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface NewClientError {
  message: string;
  stack: string | null;
  path: string;
  source: 'error' | 'unhandledrejection' | 'console';
  userAgent: string | null;
  userId: number | null;
}

export interface ClientErrorRow {
  id: number;
  message: string;
  stack: string | null;
  path: string;
  source: NewClientError['source'];
  user_agent: string | null;
  username: string | null;
  created_at: Date;
}

/** Browser error reports (raw SQL: the trim is one set-based delete, the list joins the reporter). */
@Injectable()
export class ClientErrorsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores the report, then drops all but the newest `kept`. */
  async insert(report: NewClientError, kept: number): Promise<void> {
    const db = this.em.getConnection();
    await db.execute(
      `insert into client_error (message, stack, path, source, user_agent, user_id) values (?, ?, ?, ?, ?, ?)`,
      [report.message, report.stack, report.path, report.source, report.userAgent, report.userId],
    );
    await db.execute(
      `delete from client_error where id <= (select id from client_error order by id desc offset ? limit 1)`,
      [kept],
    );
  }

  async page(page: number, limit: number): Promise<{ rows: ClientErrorRow[]; total: number }> {
    const db = this.em.getConnection();
    const [rows, count] = await Promise.all([
      db.execute<ClientErrorRow[]>(
        `select e.id, e.message, e.stack, e.path, e.source, e.user_agent, u.username, e.created_at
         from client_error e left join "user" u on u.id = e.user_id
         order by e.created_at desc, e.id desc limit ? offset ?`,
        [limit, (page - 1) * limit],
      ),
      db.execute<{ total: string }[]>('select count(*) as total from client_error'),
    ]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }
}
