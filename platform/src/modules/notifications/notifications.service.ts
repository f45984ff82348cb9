import { Injectable, Logger } from '@nestjs/common';
import {
  buildListMeta,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationType,
  NOTIFICATION_TEXTS,
  REALTIME_EVENTS,
} from '@warraq/contracts';
import type { Db } from '../../database/transactions';
import { RealtimeBus } from '../realtime/realtime-bus';
import { type NotificationRow, NotificationsRepository } from './notifications.repository';

/** A fan-out's written notifications: `[user, id, chapter]` rows and each chapter's shared fields. */
export interface ChapterNoticeBatch {
  written: number;
  rows: [userId: number, id: number, chapterId: number][];
  shared: Map<number, Omit<Notification, 'id'>>;
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
   * Writes the new-chapter notifications of a fan-out in `db` (see the repository); `deliverMany`
   * pushes the batch once the transaction committed.
   */
  async storeChapterNotices(
    db: Db,
    recipientsSql: string,
    recipientsParams: unknown[],
    notices: readonly { chapterId: number; series: string; number: number; path: string }[],
  ): Promise<ChapterNoticeBatch> {
    const texts = notices.map((n) => ({
      chapterId: n.chapterId,
      title: NOTIFICATION_TEXTS.newChapterTitle,
      body: NOTIFICATION_TEXTS.newChapterBody(n.series, n.number).slice(0, BODY_MAX),
      path: n.path,
    }));
    const { rows, createdAt } = await this.notifications.insertChapterNotices(
      db,
      recipientsSql,
      recipientsParams,
      texts,
    );
    const shared = new Map<number, Omit<Notification, 'id'>>(
      texts.map((n) => [
        n.chapterId,
        { type: 'chapter', title: n.title, body: n.body, path: n.path, read: false, created_at: createdAt },
      ]),
    );
    return { written: rows.length, rows: rows.map((r) => [r.user_id, r.id, r.chapter_id]), shared };
  }

  /**
   * Pushes a fan-out live: each user hears once, of their newest notification of the batch, with
   * their unread count (one count query for all of them). Waves of users go out as one bus message
   * per chapter, not one per user, so 100,000 followers cost a few dozen publishes. Best effort, like
   * `deliver`.
   */
  async deliverMany(batch: ChapterNoticeBatch): Promise<void> {
    const WAVE = 5_000;
    const newest = new Map<number, [id: number, chapterId: number]>();
    for (const [userId, id, chapterId] of batch.rows) {
      const seen = newest.get(userId);
      if (!seen || seen[0] < id) newest.set(userId, [id, chapterId]);
    }
    const users = [...newest.keys()];
    try {
      const unread = await this.notifications.unreadOf(users);
      for (let i = 0; i < users.length; i += WAVE) {
        const byChapter = new Map<number, [number, number, number][]>();
        for (const userId of users.slice(i, i + WAVE)) {
          const [id, chapterId] = newest.get(userId)!;
          const entries = byChapter.get(chapterId) ?? [];
          entries.push([userId, id, unread.get(userId) ?? 0]);
          byChapter.set(chapterId, entries);
        }
        for (const [chapterId, entries] of byChapter) {
          await this.bus.toUsers(batch.shared.get(chapterId)!, entries);
        }
      }
    } catch (error) {
      this.logger.warn(`new-chapter notifications not all pushed: ${String(error)}`);
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
