import { Injectable } from '@nestjs/common';
import {
  type Comment,
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  type CommentDeleteResponse,
  type CommentLikeResponse,
  type CommentListResponse,
  type CommentResponse,
  commentPath,
  isAdminRole,
  type ListCommentsQuery,
} from '@warraq/contracts';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { ApiError } from '../../common/http/api-error';
import { consumeOrTooMany } from '../../common/http/rate-limit';
import { RedisService } from '../../common/redis/redis.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ChaptersRepository } from '../series/chapters.repository';
import { SeriesRepository } from '../series/series.repository';
import { Transactions } from '../../database/transactions';
import { canReachChapter, canSee, type ContentViewer, viewerOf } from '../series/content-viewer';
import type { AuthUser } from '../auth/request-auth';
import { type CommentRow, type CommentTarget, CommentsRepository } from './comments.repository';

export interface NewComment {
  text: string;
  content_id?: number | null | undefined;
  chapter_id?: number | null | undefined;
  parent_id?: number | null | undefined;
}

function toComment(row: CommentRow): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    text: deleted ? '' : row.text,
    user_id: deleted ? null : row.user_id,
    username: deleted ? null : row.username,
    created_at: new Date(row.created_at).toISOString(),
    edited_at: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    likes: row.like_count,
    liked: row.liked,
    parent_id: row.parent_id,
    content_id: row.series_id,
    chapter_id: row.chapter_id,
    deleted,
    replies: [],
  };
}

/** Nests replies under their parents; replies arrive oldest first, so each thread reads in order. */
export function buildThreads(roots: CommentRow[], replies: CommentRow[]): Comment[] {
  const byId = new Map<number, Comment>();
  const threads = roots.map((row) => {
    const comment = toComment(row);
    byId.set(row.id, comment);
    return comment;
  });
  for (const row of replies) {
    const comment = toComment(row);
    byId.set(row.id, comment);
    byId.get(row.parent_id!)?.replies.push(comment);
  }
  return threads;
}

/**
 * Comments on a series or a chapter (spec §7 Comments). Authors edit and delete their own; admins
 * any (spec §6). Only what the viewer may see can be read, answered or liked.
 */
@Injectable()
export class CommentsService {
  private readonly perMinute: RateLimiterRedis;
  private readonly perDay: RateLimiterRedis;

  constructor(
    private readonly comments: CommentsRepository,
    private readonly chapters: ChaptersRepository,
    private readonly series: SeriesRepository,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
    redis: RedisService,
  ) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis.client, keyPrefix: redis.key('rl', name), points, duration });
    this.perMinute = limiter('comments-minute', COMMENT_LIMITS.perMinute, 60);
    this.perDay = limiter('comments-day', COMMENT_LIMITS.perDay, 24 * 3600);
  }

  async list(actor: AuthUser | null, query: ListCommentsQuery): Promise<CommentListResponse> {
    const target = await this.target(viewerOf(actor), query.content_id, query.chapter_id);
    const { roots, replies, total, count } = await this.comments.page(
      target,
      actor?.id ?? null,
      query.page,
      query.limit,
    );
    return { success: true, data: { comments: buildThreads(roots, replies), total, count } };
  }

  async create(actor: AuthUser, body: NewComment): Promise<CommentResponse> {
    const viewer = viewerOf(actor);
    let target: CommentTarget;
    let parent: CommentRow | null = null;
    if (body.parent_id != null) {
      parent = await this.comments.find(body.parent_id);
      if (!parent) throw ApiError.notFound(COMMENT_MESSAGES.notFound);
      target = await this.target(viewer, parent.series_id, parent.chapter_id ?? undefined);
      const named = body.chapter_id != null || body.content_id != null;
      if (
        named &&
        ((body.content_id != null && body.content_id !== parent.series_id) ||
          (body.chapter_id ?? null) !== parent.chapter_id)
      ) {
        throw ApiError.validation({ parent_id: [COMMENT_MESSAGES.parentMismatch] });
      }
      if (parent.deleted_at) throw ApiError.validation({ parent_id: [COMMENT_MESSAGES.parentDeleted] });
    } else {
      target = await this.target(viewer, body.content_id ?? undefined, body.chapter_id ?? undefined);
    }
    await consumeOrTooMany(this.perMinute, String(actor.id), COMMENT_MESSAGES.tooFast);
    await consumeOrTooMany(this.perDay, String(actor.id), COMMENT_MESSAGES.tooFast);

    const id = await this.transactions.run(async (tx) => {
      const inserted = await this.comments.insert(tx, {
        target,
        parent: parent ? { id: parent.id, rootId: parent.root_id ?? parent.id } : null,
        userId: actor.id,
        text: body.text,
      });
      if (target.chapterId !== null) await this.chapters.addComments(tx, target.chapterId, +1);
      return inserted;
    });
    if (parent?.user_id != null && parent.user_id !== actor.id)
      await this.tellParentAuthor(parent, actor, id);
    const created = await this.comments.find(id, actor.id);
    return { success: true, message: COMMENT_MESSAGES.added, comment: toComment(created!) };
  }

  async update(actor: AuthUser, id: number, text: string): Promise<CommentResponse> {
    const comment = await this.editable(actor, id);
    await this.comments.updateText(comment.id, text);
    const updated = await this.comments.find(id, actor.id);
    return { success: true, message: COMMENT_MESSAGES.edited, comment: toComment(updated!) };
  }

  async remove(actor: AuthUser, id: number): Promise<CommentDeleteResponse> {
    const comment = await this.editable(actor, id);
    const removed = await this.transactions.run(async (tx) => {
      const gone = await this.comments.remove(tx, comment.id);
      if (gone?.chapterId != null) await this.chapters.addComments(tx, gone.chapterId, -1);
      return gone;
    });
    if (!removed) throw ApiError.notFound(COMMENT_MESSAGES.notFound);
    return { success: true, message: COMMENT_MESSAGES.deleted, kept: removed.kept };
  }

  async toggleLike(actor: AuthUser, id: number): Promise<CommentLikeResponse> {
    const comment = await this.visible(viewerOf(actor), id);
    const result = await this.comments.toggleLike(comment.id, actor.id);
    if (!result) throw ApiError.notFound(COMMENT_MESSAGES.notFound);
    return { success: true, ...result };
  }

  /** The comment, when it exists, is not deleted and sits on something the viewer may see. */
  private async visible(viewer: ContentViewer, id: number): Promise<CommentRow> {
    const comment = await this.comments.find(id);
    if (!comment || comment.deleted_at) throw ApiError.notFound(COMMENT_MESSAGES.notFound);
    await this.target(viewer, comment.series_id, comment.chapter_id ?? undefined).catch(() => {
      throw ApiError.notFound(COMMENT_MESSAGES.notFound);
    });
    return comment;
  }

  private async editable(actor: AuthUser, id: number): Promise<CommentRow> {
    const comment = await this.visible(viewerOf(actor), id);
    if (comment.user_id !== actor.id && !isAdminRole(actor.role))
      throw ApiError.forbidden(COMMENT_MESSAGES.notYours);
    return comment;
  }

  /** The series or chapter named, when the viewer may see it; a chapter must be in the series named. */
  private async target(
    viewer: ContentViewer,
    seriesId: number | undefined,
    chapterId: number | undefined,
  ): Promise<CommentTarget> {
    if (chapterId !== undefined) {
      const chapter = await this.chapters.access(chapterId);
      if (!chapter || !canReachChapter(viewer, chapter, seriesId ?? chapter.series_id)) {
        throw ApiError.notFound(COMMENT_MESSAGES.targetNotFound);
      }
      return { seriesId: chapter.series_id, chapterId: chapter.id };
    }
    const series = seriesId === undefined ? null : await this.series.access(seriesId);
    if (!series || !canSee(viewer, series.moderation_status, series.created_by)) {
      throw ApiError.notFound(COMMENT_MESSAGES.targetNotFound);
    }
    return { seriesId: series.id, chapterId: null };
  }

  private async commentPath(
    seriesId: number,
    chapterId: number | null,
    commentId: number,
  ): Promise<string | null> {
    const at = await this.series.location(seriesId, chapterId);
    if (!at) return null;
    return commentPath(
      at.type,
      at.slug,
      commentId,
      chapterId !== null && at.number !== null ? { id: chapterId, number: at.number } : null,
    );
  }

  /** A reply tells the author of the comment answered (a `comment` notification, best effort). */
  private async tellParentAuthor(parent: CommentRow, actor: AuthUser, replyId: number): Promise<void> {
    const excerpt = parent.text.length > 80 ? `${parent.text.slice(0, 80)}…` : parent.text;
    await this.notifications
      .notify(parent.user_id!, {
        type: 'comment',
        title: `ردّ ${actor.username} على تعليقك`,
        body: excerpt,
        path: await this.commentPath(parent.series_id, parent.chapter_id, replyId),
      })
      .catch(() => undefined);
  }
}
