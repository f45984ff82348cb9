import { Injectable, Logger } from '@nestjs/common';
import {
  buildListMeta,
  type ContentKind,
  type ModerationListQuery,
  type ModerationListResponse,
  type ModerationQueueEvent,
  normalizeSearchText,
  type PendingCountResponse,
  REALTIME_EVENTS,
} from '@warraq/contracts';
import { RealtimeBus } from '../realtime/realtime-bus';
import { chapterItemTitle, toModerationItem } from './moderation.mapper';
import { type LockedItem, ModerationRepository, type QueueFilter } from './moderation.repository';

export type QueueChange = ModerationQueueEvent['data']['change'];

/** The title an item has in the queue, the log and notifications. */
export function itemTitle(item: LockedItem): string {
  return item.contentType === 'chapter' && item.number !== null
    ? chapterItemTitle(item.seriesTitle, item.number)
    : item.seriesTitle;
}

/**
 * The moderation queue as staff see it: the list behind `GET /api/content?status=`, the pending
 * counts, and the `moderation.queue` event that tells every staff socket the queue changed. Kept apart
 * from the actions so the series module (new series) and the ingest worker (new chapter) can announce
 * submissions without depending on the moderation actions.
 */
@Injectable()
export class ModerationQueue {
  private readonly logger = new Logger(ModerationQueue.name);

  constructor(
    private readonly repo: ModerationRepository,
    private readonly bus: RealtimeBus,
  ) {}

  async list(query: ModerationListQuery): Promise<ModerationListResponse> {
    const folded = query.search ? normalizeSearchText(query.search) : '';
    const filter: QueueFilter = {
      status: query.status,
      type: query.type,
      contentType: query.contentType,
      search: folded || undefined,
      rawSearch: query.search || undefined,
      page: query.page,
      limit: query.limit,
    };
    const [rows, total] = await Promise.all([this.repo.queuePage(filter), this.repo.queueCount(filter)]);
    return { data: rows.map(toModerationItem), meta: buildListMeta(total, query.page, query.limit) };
  }

  pendingCounts(): Promise<PendingCountResponse> {
    return this.repo.pendingCounts();
  }

  /**
   * Tells staff sockets the queue changed, with fresh pending counts. Best effort: the queue is
   * refetched on every screen anyway, so neither a failed count nor a failed publish is passed on.
   */
  async announce(
    change: QueueChange,
    item: { id: number; contentType: ContentKind; title: string },
  ): Promise<void> {
    try {
      const pending = await this.repo.pendingCounts();
      await this.bus.toStaff({ event: REALTIME_EVENTS.moderationQueue, data: { change, item, pending } });
    } catch (error) {
      this.logger.warn(
        `moderation.queue ${change} of ${item.contentType} ${item.id} not sent: ${String(error)}`,
      );
    }
  }

  /** Announces a new submission known only by its id (the ingest worker's new chapter). */
  async announceSubmitted(contentType: ContentKind, id: number): Promise<void> {
    try {
      const item = await this.repo.describe(contentType, id);
      if (item) await this.announce('submitted', { id, contentType, title: itemTitle(item) });
    } catch (error) {
      this.logger.warn(`moderation.queue submitted of ${contentType} ${id} not sent: ${String(error)}`);
    }
  }
}
