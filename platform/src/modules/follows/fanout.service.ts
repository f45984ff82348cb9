import { Injectable } from '@nestjs/common';
import { type Db, Transactions } from '../../database/transactions';
import { type ChapterNoticeBatch, NotificationsService } from '../notifications/notifications.service';
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
      return { chapters, batch: await this.store(tx, chapters) };
    });
    return this.deliver(done.chapters, done.batch);
  }

  /**
   * Announces these chapters whether or not they wait on the list (pending ones tell nobody). The
   * unique (reader, chapter) index makes a second run add nothing.
   */
  async announce(chapterIds: readonly number[]): Promise<{ chapters: number; notifications: number }> {
    const chapters = await this.follows.fanoutChapters(chapterIds);
    const batch = await this.transactions.run((tx) => this.store(tx, chapters));
    return this.deliver(chapters, batch);
  }

  private async store(tx: Db, chapters: readonly FanoutChapterRow[]): Promise<ChapterNoticeBatch | null> {
    if (chapters.length === 0) return null;
    const ids = JSON.stringify(chapters.map((c) => c.id));
    return this.notifications.storeChapterNotices(
      tx,
      CHAPTER_RECIPIENTS,
      [ids, ids],
      chapters.map((c) => ({
        chapterId: c.id,
        series: c.series_title,
        number: c.number,
        path: chapterPath(c.series_type, c.slug, c.number, c.id),
      })),
    );
  }

  private async deliver(
    chapters: readonly FanoutChapterRow[],
    batch: ChapterNoticeBatch | null,
  ): Promise<{ chapters: number; notifications: number }> {
    if (batch) await this.notifications.deliverMany(batch);
    return { chapters: chapters.length, notifications: batch?.written ?? 0 };
  }
}
