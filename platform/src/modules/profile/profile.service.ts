import { Injectable } from '@nestjs/common';
import {
  type Activity,
  type BadgesResponse,
  buildListMeta,
  chapterOrSeriesPath,
  chapterRef,
  commentPath,
  type FavoritesResponse,
  isStaffRole,
  type LibraryResponse,
  type ProfileListQuery,
  PROFILE_MESSAGES,
  type ProfileStatsResponse,
  PUBLIC_PROFILE_LIMITS,
  type PublicProfileResponse,
  type RecentActivityResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { chapterPath } from '../series/moderation-queue.mapper';
import { toSeriesSummary } from '../series/series.mapper';
import type { AuthUser } from '../auth/request-auth';
import { badgesFor } from './badges';
import { type ActivityRow, type ProfileCounts, ProfileRepository } from './profile.repository';

export const RECENT_ACTIVITY_LIMIT = 20;

function viewer(user: AuthUser): { id: number; staff: boolean } {
  return { id: user.id, staff: isStaffRole(user.role) };
}

function toActivity(row: ActivityRow): Activity {
  const chapter = chapterRef(row.chapter_id, row.number);
  return {
    id: `${row.kind}:${row.ref_id}:${new Date(row.at).getTime()}`,
    type: row.kind,
    chapter: row.number,
    chapterLanguage: row.language,
    title: row.title,
    excerpt: row.excerpt,
    date: new Date(row.at).toISOString(),
    path:
      row.kind === 'commented'
        ? commentPath(row.type, row.slug, row.ref_id, chapter)
        : chapterOrSeriesPath(row.type, row.slug, chapter),
  };
}

/** Spec §7 profile-stats, recent-activity and badges: the signed-in user's own, computed. */
@Injectable()
export class ProfileService {
  constructor(private readonly profile: ProfileRepository) {}

  private async counts(user: AuthUser): Promise<ProfileCounts> {
    const counts = await this.profile.counts(user.id);
    if (!counts) throw ApiError.unauthenticated();
    return counts;
  }

  async stats(user: AuthUser): Promise<ProfileStatsResponse> {
    const c = await this.counts(user);
    return {
      success: true,
      data: {
        joined: new Date(c.joined).toISOString(),
        points: c.points,
        mangaReading: c.manga_reading,
        mangaCompleted: c.manga_completed,
        chaptersRead: c.chapters_read,
        favouriteManga: c.favourite_manga,
        commentsPosted: c.comments_posted,
        lastActive: c.last_active ? new Date(c.last_active).toISOString() : null,
      },
    };
  }

  async activity(user: AuthUser): Promise<RecentActivityResponse> {
    const rows = await this.profile.activity(user.id, RECENT_ACTIVITY_LIMIT);
    return { success: true, data: rows.map(toActivity) };
  }

  async library(user: AuthUser, query: ProfileListQuery): Promise<LibraryResponse> {
    const { rows, total } = await this.profile.library(viewer(user), query);
    return {
      success: true,
      data: rows.map((row) => ({
        series: toSeriesSummary(row),
        chapter: { id: row.progress_chapter_id, number: row.progress_number },
        page: row.progress_page,
        caughtUp: row.latest_chapter_number !== null && row.progress_number >= row.latest_chapter_number,
        updated_at: new Date(row.progress_updated_at).toISOString(),
        path: chapterPath(row.type, row.slug, row.progress_number, row.progress_chapter_id),
      })),
      meta: buildListMeta(total, query.page, query.limit),
    };
  }

  async favorites(user: AuthUser, query: ProfileListQuery): Promise<FavoritesResponse> {
    const { rows, total } = await this.profile.favorites(viewer(user), query);
    return {
      success: true,
      data: rows.map(toSeriesSummary),
      meta: buildListMeta(total, query.page, query.limit),
    };
  }

  /** Anyone's public profile: the header's figures and approved works, nothing private. */
  async publicProfile(username: string): Promise<PublicProfileResponse> {
    const c = await this.profile.publicCounts(username);
    if (!c) throw ApiError.notFound(PROFILE_MESSAGES.userNotFound);
    const works = await this.profile.works(c.id, PUBLIC_PROFILE_LIMITS.works);
    return {
      success: true,
      data: {
        id: c.id,
        username: c.username,
        joined: new Date(c.joined).toISOString(),
        points: c.points,
        badges: badgesFor(c, c.role),
        followers: c.followers,
        following: c.following,
        approvedSeries: c.approved_series,
        approvedChapters: c.approved_chapters,
        comments: c.comments_posted,
        works: works.map(toSeriesSummary),
      },
    };
  }

  async badges(user: AuthUser): Promise<BadgesResponse> {
    return { success: true, data: badgesFor(await this.counts(user), user.role) };
  }
}
