import { Injectable } from '@nestjs/common';
import type { Notification } from '@warraq/contracts';
import { type Db, Transactions } from '../../database/transactions';
import { NotificationsService } from '../notifications/notifications.service';
import { chapterPath } from '../series/moderation-queue.mapper';
import { type FanoutChapterRow, FollowsRepository } from './follows.repository';
import { CHAPTER_RECIPIENTS } from './follows.sql';

/**
 * New-chapter notifications: one per reader who wants the chapter (follows its series or its
 * uploader; language and group preferences allow it), written set-based in one INSERT … SELECT and
 * pushed live after the commit. Runs in the worker, never in the approving request.
 */
@Injectable()
export class FanoutService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly notifications: NotificationsService,
    private readonly transactions: Transactions,
  ) {}

  /** Announces every chapter of the series waiting on the list; nothing when none is. */
  async fanOutSeries(seriesId: number): Promise<{ chapters: number; notifications: number }> {
    const done = await this.transactions.run(async (tx) => {
      const chapters = await this.follows.takeFanout(tx, seriesId);
      return { chapters, byUser: await this.store(tx, chapters) };
    });
    return this.deliver(done.chapters, done.byUser);
  }

  /**
   * Announces these chapters whether or not they wait on the list (pending ones tell nobody). The
   * unique (reader, chapter) index makes a second run add nothing.
   */
  async announce(chapterIds: readonly number[]): Promise<{ chapters: number; notifications: number }> {
    const chapters = await this.follows.fanoutChapters(chapterIds);
    const byUser = await this.transactions.run((tx) => this.store(tx, chapters));
    return this.deliver(chapters, byUser);
  }

  private async store(tx: Db, chapters: readonly FanoutChapterRow[]): Promise<Map<number, Notification[]>> {
    if (chapters.length === 0) return new Map();
    const ids = JSON.stringify(chapters.map((c) => c.id));
    return this.notifications.storeChapterNotices(
      tx,
      CHAPTER_RECIPIENTS,
      [ids, ids],
      chapters.map((c) => ({
        chapterId: c.id,
        series: c.series_title,
        number: c.number,
        path: chapterPath(c.slug, c.number, c.id),
      })),
    );
  }

  private async deliver(
    chapters: readonly FanoutChapterRow[],
    byUser: Map<number, Notification[]>,
  ): Promise<{ chapters: number; notifications: number }> {
    await this.notifications.deliverMany(byUser);
    let notifications = 0;
    for (const list of byUser.values()) notifications += list.length;
    return { chapters: chapters.length, notifications };
  }
}
