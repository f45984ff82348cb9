import { Injectable } from '@nestjs/common';
import {
  type Announcement,
  type AnnouncementInput,
  type AnnouncementsResponse,
  buildListMeta,
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type CommunityComment,
  type CommunityCommentsQuery,
  type CommunityCommentsResponse,
  type CommunityPopularResponse,
  type CommunityRules,
  type CommunityStatsResponse,
  chapterOrSeriesPath,
  chapterRef,
  commentPath,
  type PublicActivity,
  type PublicActivityResponse,
  type SeriesType,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import type { AuthUser } from '../auth/request-auth';
import { decodeCursor, encodeCursor } from '../series/page-cursor';
import { UsersRepository } from '../users/users.repository';
import {
  type ActivityAuthors,
  type ActivityRow,
  type AnnouncementRow,
  type CommunityCommentRow,
  CommunityRepository,
} from './community.repository';

const DAY = 86_400_000;

function toComment(row: CommunityCommentRow): CommunityComment {
  const chapterNumber = row.chapter_number === null ? null : Number(row.chapter_number);
  return {
    id: row.id,
    text: row.text,
    username: row.username,
    createdAt: new Date(row.created_at).toISOString(),
    likes: row.likes,
    series: { id: row.series_id, slug: row.slug, title: row.title, type: row.type },
    chapterNumber,
    chapterLanguage: row.chapter_language,
    path: commentPath(row.type, row.slug, row.id, chapterRef(row.chapter_id, chapterNumber)),
  };
}

function toActivity(row: ActivityRow): PublicActivity {
  const chapter = chapterRef(row.chapter_id, row.number);
  const path =
    row.kind === 'comment'
      ? commentPath(row.type, row.slug, row.ref_id, chapter)
      : chapterOrSeriesPath(row.type, row.slug, chapter);
  return {
    key: `${row.kind}:${row.ref_id}`,
    kind: row.kind,
    username: row.username,
    at: new Date(row.at).toISOString(),
    series: { id: row.series_id, slug: row.slug, title: row.title, type: row.type },
    chapterNumber: row.number,
    chapterLanguage: row.language,
    excerpt: row.excerpt,
    path,
  };
}

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    author: row.author,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/** The community page: what the site talks about, what admins announce, and the rules. */
@Injectable()
export class CommunityService {
  constructor(
    private readonly community: CommunityRepository,
    private readonly users: UsersRepository,
  ) {}

  private windowStart(): Date {
    return new Date(Date.now() - COMMUNITY_LIMITS.popularWindowDays * DAY);
  }

  async latestComments({ type, before }: CommunityCommentsQuery): Promise<CommunityCommentsResponse> {
    const limit = COMMUNITY_LIMITS.feedPageSize;
    const rows = await this.community.latestComments(type, before, limit + 1);
    const page = rows.slice(0, limit);
    return { data: page.map(toComment), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
  }

  async popular(type: SeriesType | undefined): Promise<CommunityPopularResponse> {
    const since = this.windowStart();
    const [comments, series] = await Promise.all([
      this.community.popularComments(type, since, COMMUNITY_LIMITS.popularSize),
      this.community.popularSeries(type, since, COMMUNITY_LIMITS.popularSize),
    ]);
    return { comments: comments.map(toComment), series, windowDays: COMMUNITY_LIMITS.popularWindowDays };
  }

  private async activity(
    authors: ActivityAuthors,
    type: SeriesType | undefined,
    cursor: string | undefined,
  ): Promise<PublicActivityResponse> {
    const after = cursor
      ? (decodeCursor(cursor, ['timestamptz', 'text', 'int']) as [string, string, number])
      : null;
    const limit = COMMUNITY_LIMITS.feedPageSize;
    const rows = await this.community.activity(authors, type, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toActivity),
      nextCursor: rows.length > limit && last ? encodeCursor(last.sort_key) : null,
    };
  }

  /** The community's "following" tab: what the users the reader follows did in public. */
  following(actor: AuthUser, type: SeriesType | undefined, cursor: string | undefined) {
    return this.activity({ followedBy: actor.id }, type, cursor);
  }

  /** One user's public activity (their profile page). */
  async userActivity(username: string, cursor: string | undefined): Promise<PublicActivityResponse> {
    const id = await this.users.idByUsername(username);
    if (id === null) throw ApiError.notFound(COMMUNITY_MESSAGES.userNotFound);
    return this.activity({ user: id }, undefined, cursor);
  }

  async stats(): Promise<CommunityStatsResponse> {
    const row = await this.community.totals(this.windowStart());
    return {
      series: { manga: row.manga, manhua: row.manhua, manhwa: row.manhwa, novel: row.novel },
      chapters: row.chapters,
      members: row.members,
      comments: row.comments,
      views: Number(row.views),
      newMembersThisWeek: row.new_members,
      commentsThisWeek: row.week_comments,
    };
  }

  async announcements(page: number): Promise<AnnouncementsResponse> {
    const limit = COMMUNITY_LIMITS.announcementsPageSize;
    const { rows, total } = await this.community.announcements((page - 1) * limit, limit);
    return { data: rows.map(toAnnouncement), meta: buildListMeta(total, page, limit) };
  }

  private async announcement(id: number): Promise<Announcement> {
    const row = await this.community.findAnnouncement(id);
    if (!row) throw ApiError.notFound(COMMUNITY_MESSAGES.announcementNotFound);
    return toAnnouncement(row);
  }

  async createAnnouncement(actor: AuthUser, input: AnnouncementInput) {
    const id = await this.community.insertAnnouncement(actor.id, input.title, input.body, input.pinned);
    return {
      success: true as const,
      message: COMMUNITY_MESSAGES.announcementCreated,
      data: await this.announcement(id),
    };
  }

  async updateAnnouncement(id: number, input: AnnouncementInput) {
    if (!(await this.community.updateAnnouncement(id, input.title, input.body, input.pinned))) {
      throw ApiError.notFound(COMMUNITY_MESSAGES.announcementNotFound);
    }
    return {
      success: true as const,
      message: COMMUNITY_MESSAGES.announcementUpdated,
      data: await this.announcement(id),
    };
  }

  async deleteAnnouncement(id: number) {
    if (!(await this.community.deleteAnnouncement(id))) {
      throw ApiError.notFound(COMMUNITY_MESSAGES.announcementNotFound);
    }
    return { success: true as const, message: COMMUNITY_MESSAGES.announcementDeleted };
  }

  async rules(): Promise<CommunityRules> {
    const row = await this.community.rules();
    if (!row) return { text: '', updatedAt: null, updatedBy: null };
    return { text: row.text, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by };
  }

  async saveRules(actor: AuthUser, text: string) {
    await this.community.saveRules(text, actor.id);
    return { success: true as const, message: COMMUNITY_MESSAGES.rulesSaved, data: await this.rules() };
  }
}
