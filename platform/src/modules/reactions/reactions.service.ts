import { Injectable } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  type FavoriteBody,
  type FavoriteResponse,
  type LikeBody,
  type LikeResponse,
  type RateBody,
  type RateResponse,
  type PageSeriesState,
  type UserStatusQuery,
  type UserStatusResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { LibraryRepository } from '../library/library.repository';
import { ChaptersRepository } from '../series/chapters.repository';
import { canReachChapter, canSee, viewerOf } from '../series/content-viewer';
import type { AuthUser } from '../auth/request-auth';
import { ratingOf, toChapterVariant } from '../series/series.mapper';
import { SeriesRepository } from '../series/series.repository';
import { Transactions } from '../../database/transactions';
import { UsersRepository } from '../users/users.repository';
import { ReactionsRepository } from './reactions.repository';

@Injectable()
export class ReactionsService {
  constructor(
    private readonly reactions: ReactionsRepository,
    private readonly chapters: ChaptersRepository,
    private readonly series: SeriesRepository,
    private readonly transactions: Transactions,
    private readonly library: LibraryRepository,
    private readonly users: UsersRepository,
  ) {}

  async like(actor: AuthUser, body: LikeBody): Promise<LikeResponse> {
    const viewer = viewerOf(actor);
    const chapter = await this.chapters.access(body.chapterId);
    if (!chapter || !canReachChapter(viewer, chapter, body.contentId)) {
      throw ApiError.notFound(CONTENT_MESSAGES.chapterNotFound);
    }
    const isLiked = body.action === 'like';
    const likes = await this.transactions.run(async (tx) => {
      const changed = await this.reactions.setChapterLike(tx, actor.id, chapter.id, isLiked);
      return changed ? this.chapters.addLikes(tx, chapter.id, isLiked ? 1 : -1) : null;
    });
    return { success: true, isLiked, likes: likes ?? (await this.chapters.likeCount(chapter.id)) };
  }

  async favorite(actor: AuthUser, body: FavoriteBody): Promise<FavoriteResponse> {
    await this.visibleSeries(actor, body.contentId);
    const isFavorite = body.action === 'add';
    const favorites = await this.transactions.run(async (tx) => {
      const changed = await this.reactions.setFavorite(tx, actor.id, body.contentId, isFavorite);
      return changed ? this.series.addFavorites(tx, body.contentId, isFavorite ? 1 : -1) : null;
    });
    return {
      success: true,
      isFavorite,
      favorites: favorites ?? (await this.series.favoriteCount(body.contentId)),
    };
  }

  async rate(actor: AuthUser, body: RateBody): Promise<RateResponse> {
    await this.visibleSeries(actor, body.contentId);
    // The series row is locked first, so concurrent ratings apply their deltas in turn.
    const { sum, count } = await this.transactions.run(async (tx) => {
      await this.series.lock(tx, body.contentId);
      const old = await this.reactions.setRating(tx, actor.id, body.contentId, body.score);
      return this.series.addRating(tx, body.contentId, body.score - (old ?? 0), old === undefined ? 1 : 0);
    });
    return { success: true, rating: ratingOf(sum, count), userRating: body.score };
  }

  /** A guest gets everything false/null; a user their own state. */
  async status(actor: AuthUser | null, query: UserStatusQuery): Promise<UserStatusResponse> {
    if (!actor) {
      return {
        success: true,
        isLiked: false,
        isFavorite: false,
        userRating: null,
        progress: null,
        readingMode: null,
      };
    }
    const [state, progress, account] = await Promise.all([
      this.reactions.status(actor.id, query.contentId, query.chapterId ?? null),
      this.library.progress(actor.id, query.contentId),
      this.users.findById(actor.id),
    ]);
    return {
      success: true,
      isLiked: state.is_liked,
      isFavorite: state.is_favorite,
      userRating: state.user_rating,
      progress,
      readingMode: account?.readingMode ?? null,
    };
  }

  /**
   * The reader's part of a series page's chapter list: their read markers and the pending chapters
   * only they may see (none for a series they may not see).
   */
  async chapterList(
    actor: AuthUser,
    seriesId: number,
  ): Promise<Pick<PageSeriesState, 'readChapterIds' | 'pendingChapters'>> {
    const viewer = viewerOf(actor);
    const series = await this.series.access(seriesId);
    if (!series || !canSee(viewer, series.moderation_status, series.created_by)) {
      return { readChapterIds: [], pendingChapters: [] };
    }
    const [readChapterIds, pending] = await Promise.all([
      this.library.readChapterIds(actor.id, seriesId),
      this.chapters.pending(seriesId, viewer),
    ]);
    const now = Date.now();
    return { readChapterIds, pendingChapters: pending.map((row) => toChapterVariant(row, now)) };
  }

  private async visibleSeries(actor: AuthUser, seriesId: number): Promise<void> {
    const series = await this.series.access(seriesId);
    if (!series || !canSee(viewerOf(actor), series.moderation_status, series.created_by)) {
      throw ApiError.notFound(CONTENT_MESSAGES.mangaNotFound);
    }
  }
}
