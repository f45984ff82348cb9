import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  buildListMeta,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationType,
  REALTIME_EVENTS,
} from '@warraq/contracts';
import { RealtimeBus } from '../realtime/realtime-bus';

/** Where a query runs: the shared pool, or the EntityManager of an open transaction. */
export type NotificationDb = { execute: MikroORM['em']['execute'] };

export interface NotificationInput {
  type: NotificationType;
  title: string;
  body: string;
  /** Site path the notification opens, or null. */
  path: string | null;
}

interface NotificationRow {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  path: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, type, title, body, path, read_at, created_at';
const TITLE_MAX = 200;
const BODY_MAX = 2000;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    path: row.path,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Which types a tab of the notifications page shows (all: every type). */
const TAB_TYPES: Record<NotificationListQuery['tab'], readonly NotificationType[] | null> = {
  all: null,
  chapter: ['chapter'],
  comment: ['comment'],
  system: ['system'],
};

/** A JS number array as a SQL int[] (params are inlined by the driver, so arrays go through JSON). */
const INT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb)::int)';
const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))';

/**
 * Stored notifications of one user, and their live delivery. Other modules call `store` inside their
 * own transaction and `deliver` once it committed (so nobody is told of something rolled back), or
 * `notify` for both at once when no transaction is open.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: RealtimeBus,
  ) {}

  private get db(): NotificationDb {
    return this.orm.em;
  }

  /** Writes the notification (in `db`, e.g. the caller's transaction) and returns it as the API shows it. */
  async store(userId: number, input: NotificationInput, db: NotificationDb = this.db): Promise<Notification> {
    const rows = await db.execute<NotificationRow[]>(
      `insert into notification (user_id, type, title, body, path) values (?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [userId, input.type, input.title.slice(0, TITLE_MAX), input.body.slice(0, BODY_MAX), input.path],
    );
    return toNotification(rows[0]!);
  }

  /**
   * Pushes a stored notification to its owner's open sockets with the new unread count. Best effort:
   * the row is what counts (the page reads it), so a failure here is logged and swallowed.
   */
  async deliver(userId: number, notification: Notification): Promise<void> {
    try {
      const unread = await this.unread(userId);
      await this.bus.toUser(userId, {
        event: REALTIME_EVENTS.notification,
        data: { notification, unread },
      });
    } catch (error) {
      this.logger.warn(`notification ${notification.id} not pushed: ${String(error)}`);
    }
  }

  async notify(userId: number, input: NotificationInput): Promise<Notification> {
    const notification = await this.store(userId, input);
    await this.deliver(userId, notification);
    return notification;
  }

  async unread(userId: number): Promise<number> {
    const rows = await this.db.execute<{ n: number }[]>(
      'select count(*)::int as n from notification where user_id = ? and read_at is null',
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  async list(userId: number, query: NotificationListQuery): Promise<NotificationListResponse> {
    const types = TAB_TYPES[query.tab];
    const where = types ? `user_id = ? and type = any(${TEXT_ARRAY})` : 'user_id = ?';
    const params: unknown[] = types ? [userId, JSON.stringify(types)] : [userId];
    const [rows, counted, unread] = await Promise.all([
      this.db.execute<NotificationRow[]>(
        `select ${COLUMNS} from notification where ${where} order by created_at desc, id desc limit ? offset ?`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ),
      this.db.execute<{ n: number }[]>(`select count(*)::int as n from notification where ${where}`, params),
      this.unread(userId),
    ]);
    return {
      data: rows.map(toNotification),
      meta: buildListMeta(counted[0]?.n ?? 0, query.page, query.limit),
      unread,
    };
  }

  /** Marks the user's own notifications read: ids of anyone else's match nothing and are ignored. */
  async markRead(userId: number, body: MarkNotificationsReadBody): Promise<number> {
    if (body.all) {
      await this.db.execute('update notification set read_at = now() where user_id = ? and read_at is null', [
        userId,
      ]);
    } else {
      await this.db.execute(
        `update notification set read_at = now()
         where user_id = ? and read_at is null and id = any(${INT_ARRAY})`,
        [userId, JSON.stringify(body.ids ?? [])],
      );
    }
    return this.unread(userId);
  }
}
