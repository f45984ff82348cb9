import { Injectable } from '@nestjs/common';
import { CONTENT_MESSAGES, type ProgressInput, type ProgressResponse } from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { ChaptersRepository } from '../series/chapters.repository';
import { canReachChapter, viewerOf } from '../series/content-viewer';
import type { AuthUser } from '../auth/request-auth';
import { FollowsService } from '../follows/follows.service';
import { UsersRepository } from '../users/users.repository';
import { LibraryRepository } from './library.repository';

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
   * chapter lists show it).
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
    await this.library.saveProgress(actor.id, chapter.series_id, chapter.id, body.page, paragraph);
    await this.library.markRead(actor.id, chapter.id);
    await this.follows.autoShelve(actor.id, chapter.id, body.page);
    if (body.readingMode) await this.users.setReadingMode(actor.id, body.readingMode);
    return { success: true };
  }
}
