import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PublicActivityKind, SeriesType } from '@warraq/contracts';

export interface CommunityCommentRow {
  id: number;
  text: string;
  username: string | null;
  created_at: Date;
  likes: number;
  series_id: number;
  slug: string;
  title: string;
  type: SeriesType;
  chapter_id: number | null;
  chapter_number: string | null;
  chapter_language: string | null;
}

export interface PopularSeriesRow {
  id: number;
  slug: string;
  title: string;
  type: SeriesType;
  count: number;
}

export interface ActivityRow {
  kind: PublicActivityKind;
  ref_id: number;
  username: string;
  at: Date;
  series_id: number;
  slug: string;
  title: string;
  type: SeriesType;
  chapter_id: number | null;
  number: number | null;
  language: string | null;
  excerpt: string | null;
  /** The row's sort key, for the next page's cursor. */
  sort_key: unknown[];
}

/** Whose public activity: one user's, or that of the users a reader follows. */
export type ActivityAuthors = { user: number } | { followedBy: number };

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  author: string | null;
  created_at: Date;
  updated_at: Date | null;
}

export interface RulesRow {
  text: string;
  updated_at: Date;
  updated_by: string | null;
}

export interface SiteTotalsRow {
  manga: number;
  manhua: number;
  manhwa: number;
  novel: number;
  chapters: number;
  members: number;
  comments: number;
  views: string;
  new_members: number;
  week_comments: number;
}

// What anyone may see: live comments on published works (and, under a chapter, a published chapter).
const PUBLISHED_COMMENT = `c.deleted_at is null and s.moderation_status = 'approved'
  and (c.chapter_id is null or ch.moderation_status = 'approved')`;
const COMMENT_SELECT = `select c.id, c.text, u.username, c.created_at, c.like_count as likes, s.id as series_id,
    s.slug, s.title, s.type, ch.id as chapter_id, ch.number as chapter_number, ch.language as chapter_language
  from comment c
  join series s on s.id = c.series_id
  left join chapter ch on ch.id = c.chapter_id
  left join "user" u on u.id = c.user_id`;

/**
 * The community page's reads across the site (comments, favourites, totals: read-only views of other
 * modules' tables) and its own tables, `announcement` and `community_rules`.
 */
@Injectable()
export class CommunityRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  /** Newest first, keyset on the id (ids grow with time), so any page costs what the first does. */
  latestComments(type: SeriesType | undefined, before: number | undefined, limit: number) {
    return this.run<CommunityCommentRow>(
      `${COMMENT_SELECT} where ${PUBLISHED_COMMENT} and (?::text is null or s.type = ?) and (?::int is null or c.id < ?)
       order by c.id desc limit ?`,
      [type ?? null, type ?? null, before ?? null, before ?? null, limit],
    );
  }

  popularComments(type: SeriesType | undefined, since: Date, limit: number) {
    return this.run<CommunityCommentRow>(
      `${COMMENT_SELECT} where ${PUBLISHED_COMMENT} and c.created_at >= ? and c.like_count > 0
         and (?::text is null or s.type = ?)
       order by c.like_count desc, c.id desc limit ?`,
      [since, type ?? null, type ?? null, limit],
    );
  }

  popularSeries(type: SeriesType | undefined, since: Date, limit: number) {
    return this.run<PopularSeriesRow>(
      `select s.id, s.slug, s.title, s.type, f.count
       from (select series_id, count(*)::int as count from series_follow where created_at >= ? group by series_id) f
       join series s on s.id = f.series_id
       where s.moderation_status = 'approved' and (?::text is null or s.type = ?)
       order by f.count desc, s.id desc limit ?`,
      [since, type ?? null, type ?? null, limit],
    );
  }

  /**
   * Public activity of some users, newest first, after the `after` sort key `(at, kind, id)`: their
   * live comments on published pages, their approved chapters of approved works, and their approved
   * works. Each branch is cut to `limit` on its own index before they are merged, so a deep page
   * costs what the first does.
   */
  activity(
    authors: ActivityAuthors,
    type: SeriesType | undefined,
    after: [string, string, number] | null,
    limit: number,
  ) {
    const [who, id] =
      'user' in authors
        ? ['= ?', authors.user]
        : ['in (select followee_id from user_follow where follower_id = ?)', authors.followedBy];
    const typed = '(?::text is null or s.type = ?)';
    const keyset = (at: string, kind: string, ref: string) =>
      after ? `and (${at}, '${kind}'::text, ${ref}) < (?::timestamptz, ?::text, ?::int)` : '';
    const branchParams = [id, type ?? null, type ?? null, ...(after ?? []), limit];
    return this.run<ActivityRow>(
      `select a.*, u.username, json_build_array(a.at, a.kind, a.ref_id) as sort_key from (
         (select 'comment'::text as kind, m.id as ref_id, m.user_id, m.created_at as at, s.id as series_id, s.slug,
                 s.title, s.type, ch.id as chapter_id, ch.number::float8 as number, ch.language,
                 left(m.text, 300) as excerpt
          from comment m join series s on s.id = m.series_id left join chapter ch on ch.id = m.chapter_id
          where m.user_id ${who} and m.deleted_at is null and s.moderation_status = 'approved'
            and (m.chapter_id is null or ch.moderation_status = 'approved') and ${typed}
            ${keyset('m.created_at', 'comment', 'm.id')}
          order by m.created_at desc, m.id desc limit ?)
         union all
         (select 'chapter', c.id, c.uploader_id, c.published_at, s.id, s.slug, s.title, s.type, c.id,
                 c.number::float8, c.language, null
          from chapter c join series s on s.id = c.series_id
          where c.uploader_id ${who} and c.moderation_status = 'approved' and c.published_at is not null
            and s.moderation_status = 'approved' and ${typed}
            ${keyset('c.published_at', 'chapter', 'c.id')}
          order by c.published_at desc, c.id desc limit ?)
         union all
         (select 'series', s.id, s.created_by, s.created_at, s.id, s.slug, s.title, s.type, null, null, null, null
          from series s
          where s.created_by ${who} and s.moderation_status = 'approved' and ${typed}
            ${keyset('s.created_at', 'series', 's.id')}
          order by s.created_at desc, s.id desc limit ?)
       ) a join "user" u on u.id = a.user_id
       order by a.at desc, a.kind desc, a.ref_id desc limit ?`,
      [...branchParams, ...branchParams, ...branchParams, limit],
    );
  }

  async totals(since: Date): Promise<SiteTotalsRow> {
    const [row] = await this.run<SiteTotalsRow>(
      `select
         (select count(*)::int from series where moderation_status = 'approved' and type = 'manga') as manga,
         (select count(*)::int from series where moderation_status = 'approved' and type = 'manhua') as manhua,
         (select count(*)::int from series where moderation_status = 'approved' and type = 'manhwa') as manhwa,
         (select count(*)::int from series where moderation_status = 'approved' and type = 'novel') as novel,
         (select count(*)::int from chapter ch join series s on s.id = ch.series_id
            where ch.moderation_status = 'approved' and s.moderation_status = 'approved') as chapters,
         (select count(*)::int from "user") as members,
         (select count(*)::int from comment where deleted_at is null) as comments,
         (select coalesce(sum(view_count), 0)::bigint from series where moderation_status = 'approved') as views,
         (select count(*)::int from "user" where created_at >= ?) as new_members,
         (select count(*)::int from comment where deleted_at is null and created_at >= ?) as week_comments`,
      [since, since],
    );
    return row!;
  }

  async announcements(offset: number, limit: number): Promise<{ rows: AnnouncementRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.run<AnnouncementRow>(
        `select a.id, a.title, a.body, a.pinned, u.username as author, a.created_at, a.updated_at
         from announcement a left join "user" u on u.id = a.author_id
         order by a.pinned desc, a.created_at desc, a.id desc offset ? limit ?`,
        [offset, limit],
      ),
      this.run<{ total: number }>('select count(*)::int as total from announcement'),
    ]);
    return { rows, total: count!.total };
  }

  async findAnnouncement(id: number): Promise<AnnouncementRow | null> {
    const [row] = await this.run<AnnouncementRow>(
      `select a.id, a.title, a.body, a.pinned, u.username as author, a.created_at, a.updated_at
       from announcement a left join "user" u on u.id = a.author_id where a.id = ?`,
      [id],
    );
    return row ?? null;
  }

  async insertAnnouncement(authorId: number, title: string, body: string, pinned: boolean): Promise<number> {
    const [row] = await this.run<{ id: number }>(
      'insert into announcement (title, body, pinned, author_id) values (?, ?, ?, ?) returning id',
      [title, body, pinned, authorId],
    );
    return row!.id;
  }

  async updateAnnouncement(id: number, title: string, body: string, pinned: boolean): Promise<boolean> {
    const rows = await this.run<{ id: number }>(
      'update announcement set title = ?, body = ?, pinned = ?, updated_at = now() where id = ? returning id',
      [title, body, pinned, id],
    );
    return rows.length > 0;
  }

  async deleteAnnouncement(id: number): Promise<boolean> {
    const rows = await this.run<{ id: number }>('delete from announcement where id = ? returning id', [id]);
    return rows.length > 0;
  }

  async rules(): Promise<RulesRow | null> {
    const [row] = await this.run<RulesRow>(
      `select r.text, r.updated_at, u.username as updated_by
       from community_rules r left join "user" u on u.id = r.updated_by where r.id = 1`,
    );
    return row ?? null;
  }

  async saveRules(text: string, userId: number): Promise<void> {
    await this.run(
      `insert into community_rules (id, text, updated_by, updated_at) values (1, ?, ?, now())
       on conflict (id) do update set text = excluded.text, updated_by = excluded.updated_by, updated_at = now()`,
      [text, userId],
    );
  }
}
