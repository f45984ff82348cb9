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
import { ChaptersRepository } from './chapters.repository';
import { itemTitle, toModerationItem } from './moderation-queue.mapper';
import { ModerationQueueRepository, type QueueFilter } from './moderation-queue.repository';
import { SeriesRepository } from './series.repository';

export type QueueChange = ModerationQueueEvent['data']['change'];

/**
 * The moderation queue as staff see it: the list behind `GET /api/content?status=`, the pending
 * counts, and the `moderation.queue` event that tells every staff socket the queue changed. It lives
 * with the catalogue (it lists series and chapters by their moderation state, and spec §7 serves it
 * on the catalogue's path) so that new series and the ingest worker's new chapters announce
 * themselves without depending on the moderation module, which depends on this one for its actions.
 */
@Injectable()
export class ModerationQueue {
  private readonly logger = new Logger(ModerationQueue.name);

  constructor(
    private readonly repo: ModerationQueueRepository,
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
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
      const item =
        contentType === 'series'
          ? await this.series.lockForModeration(id, null)
          : await this.chapters.lockForModeration(id, null);
      if (item) await this.announce('submitted', { id, contentType, title: itemTitle(item) });
    } catch (error) {
      this.logger.warn(`moderation.queue submitted of ${contentType} ${id} not sent: ${String(error)}`);
    }
  }
}
