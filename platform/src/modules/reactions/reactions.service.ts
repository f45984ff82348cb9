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
import { followStateOf, NOT_FOLLOWING } from '../follows/follows.service';
import { LibraryRepository } from '../library/library.repository';
import { ChaptersRepository } from '../series/chapters.repository';
import { canReachChapter, canSee, viewerOf } from '../series/content-viewer';
import { authUserOf, type AuthUser } from '../auth/request-auth';
import { ratingOf, toChapterVariant } from '../series/series.mapper';
import { SeriesRepository } from '../series/series.repository';
import { Transactions } from '../../database/transactions';
import { UsersRepository } from '../users/users.repository';
import { type PageViewerRow, ReactionsRepository } from './reactions.repository';

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
   * The page state's data for whom the session names (the guard read no account on this route):
   * who they are and their own part ({@link PageViewerRow}: identity and role, the unread count,
   * reading mode and preferences) and, on a series or chapter page (`seriesId` given), their state
   * on the series, all in one statement. Null when the account is gone. On a series page
   * (`chapterId` undefined) the same statement says whether a pending chapter is theirs to see, and
   * only then are those read, in a second query (most readers have none, so their call costs one
   * round trip). Reactions and progress are theirs whatever the series' visibility, as on the status
   * route; the follow, shelf, creator follow and the chapter list's part are nothing on a series they
   * may not see.
   */
  async pageState(
    userId: number,
    seriesId: number | undefined,
    chapterId: number | undefined,
  ): Promise<{ actor: AuthUser; own: PageViewerRow; state: PageSeriesState | null } | null> {
    if (seriesId === undefined) {
      const own = await this.reactions.pageViewer(userId);
      const actor = actorOf(own);
      return actor && { actor, own, state: null };
    }
    const seriesPage = chapterId === undefined;
    const row = await this.reactions.pageState(userId, seriesId, chapterId ?? null, seriesPage);
    const actor = actorOf(row);
    if (!actor) return null;
    const viewer = viewerOf(actor);
    const visible = row.moderation_status !== null && canSee(viewer, row.moderation_status, row.created_by);
    const pending = visible && row.has_pending ? await this.chapters.pending(seriesId, viewer) : [];
    const creator = row.created_by;
    const now = Date.now();
    const state = {
      isLiked: row.is_liked,
      isFavorite: row.is_favorite,
      userRating: row.user_rating,
      progress:
        row.progress_chapter_id === null
          ? null
          : {
              chapterId: row.progress_chapter_id,
              chapterNumber: row.progress_number!,
              page: row.progress_page!,
              paragraph: row.progress_paragraph,
            },
      readChapterIds: visible ? (row.read_chapter_ids ?? []) : [],
      pendingChapters: visible ? pending.map((chapter) => toChapterVariant(chapter, now)) : [],
      follow: visible
        ? followStateOf({
            follow: row.preferred_groups
              ? { preferredGroups: row.preferred_groups, hiddenGroups: row.hidden_groups ?? [] }
              : null,
            followers: row.followers,
          })
        : NOT_FOLLOWING,
      shelf: visible ? row.shelf : null,
      creatorFollow:
        !visible || creator === null || creator === actor.id
          ? null
          : { following: row.creator_following, followers: row.creator_followers },
      readingMode: row.reading_mode,
    };
    return { actor, own: row, state };
  }

  private async visibleSeries(actor: AuthUser, seriesId: number): Promise<void> {
    const series = await this.series.access(seriesId);
    if (!series || !canSee(viewerOf(actor), series.moderation_status, series.created_by)) {
      throw ApiError.notFound(CONTENT_MESSAGES.mangaNotFound);
    }
  }
}

/** The reader a page-state row names, read in the row's own statement (null: the account is gone). */
function actorOf(row: PageViewerRow): AuthUser | null {
  if (row.viewer_id === null || row.viewer_username === null || row.viewer_role === null) return null;
  return authUserOf({ id: row.viewer_id, username: row.viewer_username, role: row.viewer_role });
}
