import { Injectable } from '@nestjs/common';
import { NOTIFICATION_TEXTS } from '@warraq/contracts';
import { type Db, Transactions } from '../../database/transactions';
import type { FanoutSubject } from '../notifications/notifications.repository';
import {
  type FanoutNotice,
  type FanoutNoticeBatch,
  NotificationsService,
} from '../notifications/notifications.service';
import { chapterPath, seriesPath } from '../series/moderation-queue.mapper';
import { type FanoutChapterRow, type FanoutSeriesRow, FollowsRepository } from './follows.repository';
import { CHAPTER_RECIPIENTS, SERIES_RECIPIENTS } from './follows.sql';

export interface FanoutResult {
  chapters: number;
  notifications: number;
}

/**
 * New-chapter notifications: one per reader who wants the chapter (follows its series or its
 * uploader; language and group preferences allow it); and new-work notifications: one per follower
 * of a newly approved series' creator. Each written set-based in one INSERT … SELECT and pushed live
 * after the commit. Runs in the worker, never in the approving request.
 */
@Injectable()
export class FanoutService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly notifications: NotificationsService,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Announces what of the series waits on the lists: the series itself (a followed user's new work)
   * and its chapters; nothing when none does. `notifications` counts both kinds.
   */
  async fanOutSeries(seriesId: number): Promise<FanoutResult> {
    const done = await this.transactions.run(async (tx) => {
      const works = await this.follows.takeSeriesFanout(tx, seriesId);
      const chapters = await this.follows.takeFanout(tx, seriesId);
      return {
        chapters,
        batches: [await this.storeWorks(tx, works), await this.storeChapters(tx, chapters)],
      };
    });
    return this.deliver(done.chapters, done.batches);
  }

  /**
   * Announces these chapters whether or not they wait on the list (pending ones tell nobody). The
   * unique (reader, chapter) index makes a second run add nothing.
   */
  async announce(chapterIds: readonly number[]): Promise<FanoutResult> {
    const chapters = await this.follows.fanoutChapters(chapterIds);
    const batch = await this.transactions.run((tx) => this.storeChapters(tx, chapters));
    return this.deliver(chapters, [batch]);
  }

  private storeChapters(tx: Db, chapters: readonly FanoutChapterRow[]): Promise<FanoutNoticeBatch | null> {
    return this.store(
      tx,
      'chapter',
      CHAPTER_RECIPIENTS,
      2,
      chapters.map((c) => ({
        subjectId: c.id,
        title: NOTIFICATION_TEXTS.newChapterTitle,
        body: NOTIFICATION_TEXTS.newChapterBody(c.series_title, c.number, {
          language: c.language,
          group: c.translation_group,
        }),
        path: chapterPath(c.series_type, c.slug, c.number, c.id),
      })),
    );
  }

  private storeWorks(tx: Db, works: readonly FanoutSeriesRow[]): Promise<FanoutNoticeBatch | null> {
    return this.store(
      tx,
      'series',
      SERIES_RECIPIENTS,
      1,
      works.map((s) => ({
        subjectId: s.id,
        title: NOTIFICATION_TEXTS.newWorkTitle,
        body: NOTIFICATION_TEXTS.newWorkBody(s.creator, s.series_title),
        path: seriesPath(s.series_type, s.slug),
      })),
    );
  }

  /** `idUses`: how many times the recipients query takes the JSON array of the subjects' ids. */
  private async store(
    tx: Db,
    subject: FanoutSubject,
    recipientsSql: string,
    idUses: number,
    notices: readonly FanoutNotice[],
  ): Promise<FanoutNoticeBatch | null> {
    if (notices.length === 0) return null;
    const ids = JSON.stringify(notices.map((n) => n.subjectId));
    return this.notifications.storeFanoutNotices(
      tx,
      subject,
      recipientsSql,
      Array.from({ length: idUses }, () => ids),
      notices,
    );
  }

  private async deliver(
    chapters: readonly FanoutChapterRow[],
    batches: readonly (FanoutNoticeBatch | null)[],
  ): Promise<FanoutResult> {
    let notifications = 0;
    for (const batch of batches) {
      if (!batch) continue;
      await this.notifications.deliverMany(batch);
      notifications += batch.written;
    }
    return { chapters: chapters.length, notifications };
  }
}
