import { Injectable } from '@nestjs/common';
import {
  defaultChapterTitle,
  chapterPath,
  INGEST_MESSAGES,
  NOVEL_CHAPTER_MESSAGES,
  type TextChapterInput,
  type TextChapterResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/request-auth';
import { ChaptersRepository } from '../series/chapters.repository';
import { canSee, viewerOf } from '../series/content-viewer';
import { ModerationQueue } from '../series/moderation-queue.service';
import { SeriesRepository } from '../series/series.repository';
import { NovelTextRejection } from './novel-text.rejection';
import { prepareNovelText } from './prepare-novel-text';

/**
 * A novel chapter submitted as text: the same rules as an image chapter (the series visible to the
 * author, the variant free, pending until a moderator approves it, staff told of it at once; points
 * follow the approval), with the text normalised and checked again before it is stored.
 */
@Injectable()
export class NovelChaptersService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
    private readonly transactions: Transactions,
    private readonly moderationQueue: ModerationQueue,
  ) {}

  async create(user: AuthUser, body: TextChapterInput): Promise<TextChapterResponse> {
    const series = await this.series.headerById(body.seriesId);
    // Someone else's pending work is as absent as a missing one: its existence is not revealed.
    if (!series || !canSee(viewerOf(user), series.moderation_status, series.created_by)) {
      throw ApiError.notFound(INGEST_MESSAGES.mangaNotFound);
    }
    if (series.type !== 'novel') throw ApiError.validation({ seriesId: [NOVEL_CHAPTER_MESSAGES.novelOnly] });

    let prepared;
    try {
      prepared = prepareNovelText(body.text, body.language);
    } catch (error) {
      if (error instanceof NovelTextRejection) throw ApiError.validation({ text: [error.message] });
      throw error;
    }

    const variant = {
      seriesId: series.id,
      number: body.chapterNumber,
      language: body.language,
      translationGroup: body.translationGroup ?? null,
    };
    const chapterId = await this.transactions.run(async (tx) => {
      // Under the series lock, two submissions of one variant cannot both find it free.
      await this.series.lock(tx, series.id);
      if (await this.chapters.variantExists(variant, tx)) {
        throw ApiError.conflict({ chapterNumber: [INGEST_MESSAGES.duplicateChapter] });
      }
      return this.chapters.insertText(
        tx,
        { ...variant, title: body.title ?? defaultChapterTitle(body.chapterNumber), uploaderId: user.id },
        prepared.text,
        prepared.words,
      );
    });
    // Staff dashboards hear of the new pending chapter (best effort, never throws).
    await this.moderationQueue.announceSubmitted('chapter', chapterId);
    return {
      success: true,
      message: NOVEL_CHAPTER_MESSAGES.created,
      chapter: {
        id: chapterId,
        seriesId: series.id,
        chapterNumber: body.chapterNumber,
        language: body.language,
        words: prepared.words,
        readingMinutes: prepared.readingMinutes,
        chapterPath: chapterPath('novel', series.slug, body.chapterNumber, chapterId),
      },
    };
  }
}
