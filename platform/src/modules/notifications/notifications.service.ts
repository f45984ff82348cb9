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
import type { Db } from '../../database/transactions';
import { RealtimeBus } from '../realtime/realtime-bus';
import {
  FANOUT_SUBJECTS,
  type FanoutSubject,
  type NotificationRow,
  NotificationsRepository,
} from './notifications.repository';

/** A fan-out's written notifications: `[user, id, subject]` rows and each subject's shared fields. */
export interface FanoutNoticeBatch {
  written: number;
  rows: [userId: number, id: number, subjectId: number][];
  shared: Map<number, Omit<Notification, 'id'>>;
}

/** One subject (chapter or series) of a fan-out: what its notifications say and open. */
export interface FanoutNotice {
  subjectId: number;
  title: string;
  body: string;
  path: string;
}

export interface NotificationInput {
  type: NotificationType;
  title: string;
  body: string;
  /** Site path the notification opens, or null. */
  path: string | null;
}

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

/**
 * Stored notifications of one user, and their live delivery. Other modules call `store` inside their
 * own transaction and `deliver` once it committed (so nobody is told of something rolled back), or
 * `notify` for both at once when no transaction is open.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly bus: RealtimeBus,
  ) {}

  /** Writes the notification (in `db`, e.g. the caller's transaction) and returns it as the API shows it. */
  async store(userId: number, input: NotificationInput, db?: Db): Promise<Notification> {
    const row = await this.notifications.insert(
      userId,
      {
        type: input.type,
        title: input.title.slice(0, TITLE_MAX),
        body: input.body.slice(0, BODY_MAX),
        path: input.path,
      },
      db,
    );
    return toNotification(row);
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

  /**
   * Writes the notifications of a fan-out in `db` (see the repository); `deliverMany` pushes the
   * batch once the transaction committed.
   */
  async storeFanoutNotices(
    db: Db,
    subject: FanoutSubject,
    recipientsSql: string,
    recipientsParams: unknown[],
    notices: readonly FanoutNotice[],
  ): Promise<FanoutNoticeBatch> {
    const texts = notices.map((n) => ({
      ...n,
      title: n.title.slice(0, TITLE_MAX),
      body: n.body.slice(0, BODY_MAX),
    }));
    const { rows, createdAt } = await this.notifications.insertFanoutNotices(
      db,
      subject,
      recipientsSql,
      recipientsParams,
      texts,
    );
    const type = FANOUT_SUBJECTS[subject].type;
    const shared = new Map<number, Omit<Notification, 'id'>>(
      texts.map((n) => [
        n.subjectId,
        { type, title: n.title, body: n.body, path: n.path, read: false, created_at: createdAt },
      ]),
    );
    return { written: rows.length, rows: rows.map((r) => [r.user_id, r.id, r.subject_id]), shared };
  }

  /**
   * Pushes a fan-out live: each user hears once, of their newest notification of the batch, with
   * their unread count (one count query for all of them). Waves of users go out as one bus message
   * per subject, not one per user, so 100,000 followers cost a few dozen publishes. Best effort, like
   * `deliver`.
   */
  async deliverMany(batch: FanoutNoticeBatch): Promise<void> {
    const WAVE = 5_000;
    const newest = new Map<number, [id: number, subjectId: number]>();
    for (const [userId, id, subjectId] of batch.rows) {
      const seen = newest.get(userId);
      if (!seen || seen[0] < id) newest.set(userId, [id, subjectId]);
    }
    const users = [...newest.keys()];
    try {
      const unread = await this.notifications.unreadOf(users);
      for (let i = 0; i < users.length; i += WAVE) {
        const bySubject = new Map<number, [number, number, number][]>();
        for (const userId of users.slice(i, i + WAVE)) {
          const [id, subjectId] = newest.get(userId)!;
          const entries = bySubject.get(subjectId) ?? [];
          entries.push([userId, id, unread.get(userId) ?? 0]);
          bySubject.set(subjectId, entries);
        }
        for (const [subjectId, entries] of bySubject) {
          await this.bus.toUsers(batch.shared.get(subjectId)!, entries);
        }
      }
    } catch (error) {
      this.logger.warn(`fan-out notifications not all pushed: ${String(error)}`);
    }
  }

  async notify(userId: number, input: NotificationInput): Promise<Notification> {
    const notification = await this.store(userId, input);
    await this.deliver(userId, notification);
    return notification;
  }

  unread(userId: number): Promise<number> {
    return this.notifications.unread(userId);
  }

  async list(userId: number, query: NotificationListQuery): Promise<NotificationListResponse> {
    const [{ rows, total }, unread] = await Promise.all([
      this.notifications.page(userId, TAB_TYPES[query.tab], query.page, query.limit),
      this.unread(userId),
    ]);
    return { data: rows.map(toNotification), meta: buildListMeta(total, query.page, query.limit), unread };
  }

  /** Marks the user's own notifications read: ids of anyone else's match nothing and are ignored. */
  async markRead(userId: number, body: MarkNotificationsReadBody): Promise<number> {
    await this.notifications.markRead(userId, body.all ? 'all' : (body.ids ?? []));
    return this.unread(userId);
  }
}
