import { Injectable, Logger } from '@nestjs/common';
import {
  POINT_RULES,
  buildListMeta,
  type ContentKind,
  type ModerationAction,
  type ModerationActionResponse,
  type ModerationLogQuery,
  type ModerationLogResponse,
  MODERATION_MESSAGES,
  type ModerationStatus,
  type Notification,
  NOTIFICATION_TEXTS,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { type Db, Transactions } from '../../database/transactions';
import { FollowsService } from '../follows/follows.service';
import { IngestRepository } from '../ingest/ingest.repository';
import { IngestWorkspace } from '../ingest/ingest-workspace';
import { MediaCollector } from '../media/media-collector';
import { NotificationsService, type NotificationInput } from '../notifications/notifications.service';
import { PointsService } from '../points/points.service';
import { ContentVersion } from '../series/content-version.service';
import { HomeFeedService } from '../series/home-feed.service';
import { ChaptersRepository } from '../series/chapters.repository';
import { chapterPath, itemTitle, type LockedItem, seriesPath } from '../series/moderation-queue.mapper';
import { ModerationQueue, type QueueChange } from '../series/moderation-queue.service';
import { SeriesRepository } from '../series/series.repository';
import type { AuthUser } from '../auth/request-auth';
import { ModerationRepository } from './moderation.repository';

export interface ActionRequest {
  action: ModerationAction;
  contentType: ContentKind;
  id: number;
  /** Approve notes, or reject/delete reason. */
  note: string | undefined;
  expectedStatus: ModerationStatus | undefined;
}

/** What a committed action leaves to do outside the transaction. */
interface Committed {
  item: LockedItem;
  title: string;
  notification: { userId: number; stored: Notification } | null;
  /** Media no row names any more (deletes only). */
  orphanKeys: string[];
  /** Upload folders of a deleted series. */
  uploadIds: string[];
}

const NEW_STATUS = { approve: 'approved', reject: 'rejected', delete: 'deleted' } as const;
const CHANGE: Record<ModerationAction, QueueChange> = {
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
};
const SUCCESS: Record<ModerationAction, string> = {
  approve: MODERATION_MESSAGES.approved,
  reject: MODERATION_MESSAGES.rejected,
  delete: MODERATION_MESSAGES.deleted,
};

function conflict(message: string): ApiError {
  return new ApiError(409, message);
}

function itemPath(item: LockedItem): string {
  return item.contentType === 'chapter' && item.number !== null
    ? chapterPath(item.seriesType, item.slug, item.number, item.id)
    : seriesPath(item.seriesType, item.slug);
}

/** The owner's notification of a decision (the uploader of a chapter, the creator of a series). */
function noticeOf(
  action: ModerationAction,
  item: LockedItem,
  title: string,
  note: string | null,
): NotificationInput {
  switch (action) {
    case 'approve':
      return {
        type: 'system',
        title: NOTIFICATION_TEXTS.approvedTitle,
        body: NOTIFICATION_TEXTS.approvedBody(title),
        path: itemPath(item),
      };
    case 'reject':
      // The owner still sees their rejected item (with its state), so the path opens it.
      return {
        type: 'system',
        title: NOTIFICATION_TEXTS.rejectedTitle,
        body: NOTIFICATION_TEXTS.rejectedBody(title, note),
        path: itemPath(item),
      };
    case 'delete':
      return {
        type: 'system',
        title: NOTIFICATION_TEXTS.deletedTitle,
        body: NOTIFICATION_TEXTS.deletedBody(title, note),
        path: item.contentType === 'chapter' ? seriesPath(item.seriesType, item.slug) : null,
      };
  }
}

/**
 * Approve, reject and delete, for series and chapters alike. Each decision is one transaction over
 * the item's locked row: the state is read under the lock, so of two moderators acting at once one
 * wins and the other finds the new state (409) or no row (404). The log row and the owner's
 * notification commit with it; media, caches and live events follow the commit.
 */
@Injectable()
export class ModerationService {
  private readonly logger = new Logger(ModerationService.name);

  constructor(
    private readonly repo: ModerationRepository,
    private readonly queue: ModerationQueue,
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
    private readonly uploads: IngestRepository,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
    private readonly collector: MediaCollector,
    private readonly workspace: IngestWorkspace,
    private readonly version: ContentVersion,
    private readonly homeFeed: HomeFeedService,
    private readonly points: PointsService,
    private readonly follows: FollowsService,
  ) {}

  async act(actor: AuthUser, request: ActionRequest): Promise<ModerationActionResponse> {
    // Actions lock rows in different orders (a chapter then its series' counters; a series then its
    // cascading chapters), so Postgres may break a rare deadlock by aborting one side: that side runs
    // again and then sees the other's outcome.
    const done = await this.transactions.run((tx) => this.decide(tx, actor, request), {
      retryDeadlocks: true,
    });
    await this.afterCommit(request.action, done);
    return {
      success: true,
      message: SUCCESS[request.action],
      item: {
        id: done.item.id,
        contentType: done.item.contentType,
        title: done.title,
        status: NEW_STATUS[request.action],
      },
    };
  }

  private async decide(tx: Db, actor: AuthUser, request: ActionRequest): Promise<Committed> {
    const { action, contentType, id } = request;
    const mode = action === 'delete' ? 'update' : 'no key update';
    const item =
      contentType === 'series'
        ? await this.series.lockForModeration(id, mode, tx)
        : await this.chapters.lockForModeration(id, mode, tx);
    if (!item) throw ApiError.notFound(MODERATION_MESSAGES.notFound);
    if (request.expectedStatus !== undefined && request.expectedStatus !== item.status) {
      throw conflict(MODERATION_MESSAGES.conflict);
    }
    if (action === 'approve' && item.status === 'approved')
      throw conflict(MODERATION_MESSAGES.alreadyApproved);
    if (action === 'reject' && item.status === 'rejected')
      throw conflict(MODERATION_MESSAGES.alreadyRejected);

    const title = itemTitle(item);
    const note = request.note ?? null;
    let orphanKeys: string[] = [];
    let uploadIds: string[] = [];

    if (action === 'delete') {
      const keys = await this.chapters.pageMediaKeys(
        tx,
        item.contentType === 'series' ? { seriesId: item.id } : { chapterId: item.id },
      );
      for (const key of item.coverKeys) if (!keys.includes(key)) keys.push(key);
      if (item.contentType === 'series') {
        uploadIds = await this.uploads.idsOfSeries(tx, item.id);
        await this.series.delete(tx, item.id);
      } else {
        await this.chapters.delete(tx, item.id);
      }
      // Keys are content-addressed: identical images of another chapter (or a shared cover) share
      // them, so only the keys no remaining row names are freed.
      orphanKeys = await this.series.unreferencedMedia(tx, keys);
      if (item.contentType === 'chapter') await this.series.refreshChapterStats(item.seriesId, tx);
    } else {
      const status = NEW_STATUS[action];
      if (item.contentType === 'series') {
        await this.series.setModerationStatus(tx, item.id, status);
        // Its creator's followers hear of it from the worker, after the commit, as of a chapter.
        if (status === 'approved') await this.follows.queueSeriesFanout(tx, item.id);
      } else {
        if (status === 'approved' && (await this.chapters.duplicateVariantOf(tx, item.id))) {
          throw conflict(MODERATION_MESSAGES.duplicateVariant);
        }
        await this.chapters.setModerationStatus(tx, item.id, status);
        // Followers hear of it from the worker, after the commit: never from inside this request.
        if (status === 'approved') await this.follows.queueFanout(tx, item.id, item.seriesId);
        // The series' chapter count, latest number and last chapter time count approved chapters only.
        await this.series.refreshChapterStats(item.seriesId, tx);
      }
    }

    await this.repo.insertLog(tx, { actorId: actor.id, action, item, title, note });
    if (action === 'approve') await this.awardContribution(tx, actor, item, title);
    let notification: Committed['notification'] = null;
    // Nobody is told about their own decision on their own item.
    if (item.ownerId !== null && item.ownerId !== actor.id) {
      const stored = await this.notifications.store(item.ownerId, noticeOf(action, item, title, note), tx);
      notification = { userId: item.ownerId, stored };
    }
    return { item, title, notification, orphanKeys, uploadIds };
  }

  /**
   * Points for an approved contribution (docs/points-and-badges.md), in the decision's transaction
   * and keyed by the item: approving it again after a rejection, or a retried request, adds nothing.
   * Nobody earns by approving their own item.
   */
  private async awardContribution(tx: Db, actor: AuthUser, item: LockedItem, title: string): Promise<void> {
    if (item.ownerId === null || item.ownerId === actor.id) return;
    const rule = item.contentType === 'series' ? POINT_RULES.seriesApproved : POINT_RULES.chapterApproved;
    await this.points.record(
      {
        userId: item.ownerId,
        amount: rule.amount,
        service: rule.service,
        description: `${rule.description}: ${title}`.slice(0, 500),
        eventKey: `approved:${item.contentType}:${item.id}`,
      },
      tx,
    );
  }

  /** Everything outside the database, each step on its own: a failure is logged, never undoes the decision. */
  private async afterCommit(action: ModerationAction, done: Committed): Promise<void> {
    // Freed only after the commit, so a rolled-back delete never loses an image; the collector checks
    // each key again under its lock, so an upload storing the very same bytes meanwhile keeps them.
    await this.collector.freeUnreferenced(done.orphanKeys).catch((error: unknown) => {
      this.logger.warn(
        `media of deleted ${done.item.contentType} ${done.item.id} not all freed (the collector sweeps the rest): ${String(error)}`,
      );
    });
    for (const uploadId of done.uploadIds) {
      await this.workspace.remove(uploadId).catch((error: unknown) => {
        this.logger.warn(`upload folder ${uploadId} not removed: ${String(error)}`);
      });
    }
    // Public pages (and the guest caches keyed by the content version) show the change at once.
    await Promise.all([this.version.bump(), this.homeFeed.invalidate()]).catch((error: unknown) => {
      this.logger.warn(`content caches not refreshed after ${action}: ${String(error)}`);
    });
    if (done.notification)
      await this.notifications.deliver(done.notification.userId, done.notification.stored);
    if (action === 'approve') await this.follows.announceLater(done.item.seriesId);
    await this.queue.announce(CHANGE[action], {
      id: done.item.id,
      contentType: done.item.contentType,
      title: done.title,
    });
  }

  pendingCounts() {
    return this.queue.pendingCounts();
  }

  async log(query: ModerationLogQuery): Promise<ModerationLogResponse> {
    const { rows, total } = await this.repo.logPage(query);
    return {
      data: rows.map((row) => ({
        id: row.id,
        action: row.action,
        contentType: row.content_type,
        contentId: row.content_id,
        title: row.title,
        actor:
          row.actor_id !== null && row.actor_username !== null
            ? { id: row.actor_id, username: row.actor_username }
            : null,
        fromStatus: row.from_status,
        note: row.note,
        created_at: new Date(row.created_at).toISOString(),
      })),
      meta: buildListMeta(total, query.page, query.limit),
    };
  }
}
