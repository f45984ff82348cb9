import { Injectable } from '@nestjs/common';
import {
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  type ReaderPreferences,
  type SeriesFollowBody,
  type SeriesFollowState,
  type SeriesSummary,
  type SeriesType,
  type Shelf,
  type UpdateGroup,
  type UpdatesResponse,
  type UserFollowState,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import type { Db } from '../../database/transactions';
import type { AuthUser } from '../auth/request-auth';
import { canSee, viewerOf } from '../series/content-viewer';
import { chapterPath, seriesPath } from '../series/moderation-queue.mapper';
import { decodeCursor, encodeCursor } from '../series/page-cursor';
import { coverRenditionsOf, coverUrlOf, iso, toSeriesSummary } from '../series/series.mapper';
import { FanoutQueue } from './fanout.queue';
import { FollowsRepository, type UpdateRow } from './follows.repository';

export const NOT_FOLLOWING: SeriesFollowState = Object.freeze({
  following: false,
  followers: 0,
  preferredGroups: [],
  hiddenGroups: [],
});

export function followStateOf({ follow, followers }: Awaited<ReturnType<FollowsRepository['seriesState']>>) {
  return {
    following: follow !== null,
    followers,
    preferredGroups: follow?.preferredGroups ?? [],
    hiddenGroups: follow?.hiddenGroups ?? [],
  };
}

/** Follows of series and users, reading preferences, the updates feed, and queuing fan-outs. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly queue: FanoutQueue,
  ) {}

  /** Refuses (404) a series the actor may not see: also the library's read markers and history. */
  async visibleSeries(actor: AuthUser, seriesId: number): Promise<void> {
    const series = await this.follows.seriesVisibility(seriesId);
    if (!series || !canSee(viewerOf(actor), series.moderation_status, series.created_by)) {
      throw ApiError.notFound(FOLLOW_MESSAGES.seriesNotFound);
    }
  }

  async seriesState(actor: AuthUser, seriesId: number): Promise<SeriesFollowState> {
    await this.visibleSeries(actor, seriesId);
    return followStateOf(await this.follows.seriesState(actor.id, seriesId));
  }

  /** Follows (idempotent); a body also replaces the series' group preferences. */
  async followSeries(
    actor: AuthUser,
    seriesId: number,
    body: SeriesFollowBody | undefined,
  ): Promise<SeriesFollowState> {
    await this.visibleSeries(actor, seriesId);
    const prefs = body
      ? { preferredGroups: [...new Set(body.preferredGroups)], hiddenGroups: [...new Set(body.hiddenGroups)] }
      : null;
    await this.follows.followSeries(actor.id, seriesId, prefs);
    return this.seriesState(actor, seriesId);
  }

  async unfollowSeries(actor: AuthUser, seriesId: number): Promise<SeriesFollowState> {
    await this.visibleSeries(actor, seriesId);
    await this.follows.unfollowSeries(actor.id, seriesId);
    return this.seriesState(actor, seriesId);
  }

  private async existingUser(actor: AuthUser, userId: number, write: boolean): Promise<void> {
    if (!(await this.follows.userExists(userId))) throw ApiError.notFound(FOLLOW_MESSAGES.userNotFound);
    if (write && userId === actor.id) throw ApiError.validation({ id: [FOLLOW_MESSAGES.selfFollow] });
  }

  async userState(actor: AuthUser, userId: number): Promise<UserFollowState> {
    await this.existingUser(actor, userId, false);
    return this.follows.userState(actor.id, userId);
  }

  async followUser(actor: AuthUser, userId: number): Promise<UserFollowState> {
    await this.existingUser(actor, userId, true);
    await this.follows.followUser(actor.id, userId);
    return this.follows.userState(actor.id, userId);
  }

  async unfollowUser(actor: AuthUser, userId: number): Promise<UserFollowState> {
    await this.existingUser(actor, userId, false);
    await this.follows.unfollowUser(actor.id, userId);
    return this.follows.userState(actor.id, userId);
  }

  async preferences(actor: AuthUser): Promise<ReaderPreferences> {
    return { languages: await this.follows.languages(actor.id) };
  }

  async savePreferences(actor: AuthUser, body: ReaderPreferences): Promise<ReaderPreferences> {
    await this.follows.setLanguages(actor.id, body.languages);
    return this.preferences(actor);
  }

  /**
   * One page of the feed: chapters newest first, gathered by series in the order each series first
   * appears on the page, unread before read inside a series.
   */
  async updates(actor: AuthUser, type: SeriesType, cursor: string | undefined): Promise<UpdatesResponse> {
    const after = cursor ? (decodeCursor(cursor, ['timestamptz', 'int']) as [string, number]) : null;
    const limit = FOLLOW_LIMITS.updatesPageSize;
    const rows = await this.follows.updates(actor.id, type, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      success: true,
      data: groupBySeries(page),
      nextCursor: rows.length > limit && last ? encodeCursor(last.sort_key) : null,
    };
  }

  /** The newest chapters the reader wants, of every type (their private feed), newest first. */
  recentUpdates(userId: number, limit: number): Promise<UpdateRow[]> {
    return this.follows.updates(userId, null, null, limit);
  }

  async shelf(actor: AuthUser, seriesId: number): Promise<Shelf | null> {
    await this.visibleSeries(actor, seriesId);
    return this.follows.shelf(actor.id, seriesId);
  }

  async setShelf(actor: AuthUser, seriesId: number, shelf: Shelf | null): Promise<Shelf | null> {
    await this.visibleSeries(actor, seriesId);
    await this.follows.setShelf(actor.id, seriesId, shelf);
    return shelf;
  }

  /** After the reader saved progress in a chapter: the shelf moves where it obviously should. */
  autoShelve(userId: number, chapterId: number, page: number): Promise<void> {
    return this.follows.autoShelve(userId, chapterId, page);
  }

  async randomSeries(type: SeriesType): Promise<SeriesSummary | null> {
    const row = await this.follows.randomSeries(type);
    return row ? toSeriesSummary(row) : null;
  }

  /** In the approval's transaction: the chapter waits for its fan-out (see `announceLater`). */
  queueFanout(tx: Db, chapterId: number, seriesId: number): Promise<void> {
    return this.follows.queueFanout(tx, chapterId, seriesId);
  }

  /** In the approval's transaction: a new series waits to be announced to its creator's followers. */
  queueSeriesFanout(tx: Db, seriesId: number): Promise<void> {
    return this.follows.queueSeriesFanout(tx, seriesId);
  }

  /**
   * After the approval committed: the worker announces what of the series waits (the series itself,
   * its chapters) shortly.
   */
  announceLater(seriesId: number): Promise<void> {
    return this.queue.enqueue(seriesId);
  }
}

function groupBySeries(rows: readonly UpdateRow[]): UpdateGroup[] {
  const groups = new Map<number, UpdateGroup>();
  for (const row of rows) {
    let group = groups.get(row.series_id);
    if (!group) {
      group = {
        series: {
          id: row.series_id,
          slug: row.slug,
          title: row.series_title,
          coverUrl: coverUrlOf(row),
          coverRenditions: coverRenditionsOf(row),
          path: seriesPath(row.series_type, row.slug),
        },
        chapters: [],
      };
      groups.set(row.series_id, group);
    }
    group.chapters.push({
      id: row.id,
      number: row.number,
      title: row.title,
      language: row.language,
      group: row.translation_group,
      publishedAt: iso(row.published_at),
      read: row.read,
      path: chapterPath(row.series_type, row.slug, row.number, row.id),
    });
  }
  for (const group of groups.values()) {
    // Stable: inside each kind the newest-first order of the query stays.
    group.chapters.sort((a, b) => Number(a.read) - Number(b.read));
  }
  return [...groups.values()];
}
