import { Injectable } from '@nestjs/common';
import {
  buildListMeta,
  CONTENT_MESSAGES,
  LIBRARY_MESSAGES,
  type HistoryChangeResponse,
  type HistoryClearQuery,
  type LibraryListQuery,
  type ProgressInput,
  type ProgressResponse,
  type ReadingEntry,
  type ReadingListResponse,
  type ReadMarkBody,
  type ReadMarkersResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { ChaptersRepository } from '../series/chapters.repository';
import { canReachChapter, viewerOf } from '../series/content-viewer';
import { chapterPath } from '../series/moderation-queue.mapper';
import { toSeriesSummary } from '../series/series.mapper';
import type { AuthUser } from '../auth/request-auth';
import { FollowsService } from '../follows/follows.service';
import { UsersRepository } from '../users/users.repository';
import { LibraryRepository, type ReadingRow } from './library.repository';

function toReadingEntry(row: ReadingRow): ReadingEntry {
  const progress =
    row.progress_chapter_id !== null && row.progress_number !== null
      ? {
          chapterId: row.progress_chapter_id,
          number: row.progress_number,
          page: row.progress_page ?? 0,
          readAt: new Date(row.progress_updated_at ?? row.updated_at).toISOString(),
          path: chapterPath(row.type, row.slug, row.progress_number, row.progress_chapter_id),
        }
      : null;
  const percent = row.total_numbers > 0 ? Math.round((100 * row.read_numbers) / row.total_numbers) : 0;
  return { series: toSeriesSummary(row), shelf: row.shelf, progress, percent: Math.min(100, percent) };
}

@Injectable()
export class LibraryService {
  constructor(
    private readonly library: LibraryRepository,
    private readonly chapters: ChaptersRepository,
    private readonly users: UsersRepository,
    private readonly follows: FollowsService,
  ) {}

  /**
   * Where the reader stopped (one row per series, at a page or a text chapter's paragraph), and
   * their reading mode when given. The chapter counts as read from here on (the updates feed and the
   * chapter lists show it). While the reader's history is paused, reading leaves no trace.
   */
  async saveProgress(actor: AuthUser, body: ProgressInput): Promise<ProgressResponse> {
    const viewer = viewerOf(actor);
    const chapter = await this.chapters.access(body.chapterId);
    if (!chapter || !canReachChapter(viewer, chapter, body.contentId)) {
      throw ApiError.notFound(CONTENT_MESSAGES.chapterNotFound);
    }
    const paragraph = body.paragraph ?? null;
    if (paragraph !== null && (chapter.block_count === null || paragraph >= chapter.block_count)) {
      throw ApiError.validation({ paragraph: [CONTENT_MESSAGES.paragraphOutOfRange] });
    }
    if (!(await this.library.historyPaused(actor.id))) {
      await this.library.saveProgress(actor.id, chapter.series_id, chapter.id, body.page, paragraph);
      await this.library.markRead(actor.id, chapter.id);
      await this.follows.autoShelve(actor.id, chapter.id, body.page);
    }
    if (body.readingMode) await this.users.setReadingMode(actor.id, body.readingMode);
    return { success: true };
  }

  async list(
    actor: AuthUser,
    list: 'shelves' | 'history',
    query: LibraryListQuery,
  ): Promise<ReadingListResponse> {
    const { rows, total } = await this.library.readingList(list, {
      userId: actor.id,
      staff: viewerOf(actor).staff,
      type: query.type,
      shelf: query.shelf,
      page: query.page,
      limit: query.limit,
    });
    return {
      success: true,
      data: rows.map(toReadingEntry),
      meta: buildListMeta(total, query.page, query.limit),
    };
  }

  async removeHistory(actor: AuthUser, seriesId: number): Promise<HistoryChangeResponse> {
    return { success: true, removed: await this.library.removeHistory(actor.id, seriesId) };
  }

  async clearHistory(actor: AuthUser, query: HistoryClearQuery): Promise<HistoryChangeResponse> {
    return { success: true, removed: await this.library.clearHistory(actor.id, query.type) };
  }

  async readMarkers(actor: AuthUser, seriesId: number): Promise<ReadMarkersResponse> {
    await this.follows.visibleSeries(actor, seriesId);
    return { success: true, data: { chapterIds: await this.library.readChapterIds(actor.id, seriesId) } };
  }

  async markRead(actor: AuthUser, seriesId: number, body: ReadMarkBody): Promise<ReadMarkersResponse> {
    await this.follows.visibleSeries(actor, seriesId);
    if (!(await this.library.hasApprovedNumber(seriesId, body.number))) {
      throw ApiError.notFound(LIBRARY_MESSAGES.chapterNotFound);
    }
    await this.library.setRead(actor.id, seriesId, body);
    return { success: true, data: { chapterIds: await this.library.readChapterIds(actor.id, seriesId) } };
  }
}
