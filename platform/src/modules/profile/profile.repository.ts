import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ActivityType, Role, SeriesType } from '@warraq/contracts';
import { SUMMARY_COLUMNS, type SeriesSummaryRow } from '../series/series.mapper';

export interface ProfileCounts {
  joined: Date;
  points: number;
  manga_reading: number;
  manga_completed: number;
  chapters_read: number;
  favourite_manga: number;
  comments_posted: number;
  approved_chapters: number;
  approved_series: number;
  last_active: Date | null;
}

export interface PublicCounts extends ProfileCounts {
  id: number;
  username: string;
  role: Role;
  followers: number;
  following: number;
}

export interface ActivityRow {
  kind: ActivityType;
  ref_id: number;
  slug: string;
  type: SeriesType;
  title: string;
  chapter_id: number | null;
  number: number | null;
  language: string | null;
  excerpt: string | null;
  at: Date;
}

export interface LibraryRow extends SeriesSummaryRow {
  progress_chapter_id: number;
  progress_number: number;
  progress_page: number;
  progress_updated_at: Date;
}

/**
 * A user's profile figures, from the tables that record what they did (`u` is their user row), after
 * any `extra` columns.
 */
const countsSelect = (extra = '') => `select ${extra} u.created_at as joined, u.points,
   (select count(*)::int from reading_progress rp join chapter c on c.id = rp.chapter_id
      join series s on s.id = rp.series_id
    where rp.user_id = u.id and (s.latest_chapter_number is null or c.number < s.latest_chapter_number)) as manga_reading,
   (select count(*)::int from reading_progress rp join chapter c on c.id = rp.chapter_id
      join series s on s.id = rp.series_id
    where rp.user_id = u.id and c.number >= s.latest_chapter_number) as manga_completed,
   (select count(distinct v.chapter_id)::int from chapter_view v where v.viewer = 'u:' || u.id) as chapters_read,
   (select count(*)::int from favorite f where f.user_id = u.id) as favourite_manga,
   (select count(*)::int from comment m where m.user_id = u.id and m.deleted_at is null) as comments_posted,
   (select count(*)::int from chapter c where c.uploader_id = u.id and c.moderation_status = 'approved') as approved_chapters,
   (select count(*)::int from series s where s.created_by = u.id and s.moderation_status = 'approved') as approved_series,
   greatest(
     u.last_login,
     (select max(rp.updated_at) from reading_progress rp where rp.user_id = u.id),
     (select max(m.created_at) from comment m where m.user_id = u.id),
     (select max(l.created_at) from chapter_like l where l.user_id = u.id),
     (select max(f.created_at) from favorite f where f.user_id = u.id)
   ) as last_active
 from "user" u`;

/**
 * What a user did, read from the tables that record it: reading progress and signed-in chapter views
 * (`u:<id>` viewers), favourites, chapter likes, comments, and the series and chapters they added.
 */
@Injectable()
export class ProfileRepository {
  constructor(private readonly em: EntityManager) {}

  async counts(userId: number): Promise<ProfileCounts | null> {
    const rows = await this.em.execute<ProfileCounts[]>(`${countsSelect()} where u.id = ?`, [userId]);
    return rows[0] ?? null;
  }

  /** Anyone's profile figures by username (any case), with their follower counts. */
  async publicCounts(username: string): Promise<PublicCounts | null> {
    const rows = await this.em.execute<PublicCounts[]>(
      `${countsSelect(`u.id, u.username, u.role,
         (select count(*)::int from user_follow uf where uf.followee_id = u.id) as followers,
         (select count(*)::int from user_follow uf where uf.follower_id = u.id) as following,`)}
       where lower(u.username) = lower(?) limit 1`,
      [username],
    );
    return rows[0] ?? null;
  }

  /** The user's newest approved works. */
  works(userId: number, limit: number): Promise<SeriesSummaryRow[]> {
    return this.em.execute<SeriesSummaryRow[]>(
      `select ${SUMMARY_COLUMNS} from series s where s.created_by = ? and s.moderation_status = 'approved'
       order by s.created_at desc, s.id desc limit ?`,
      [userId, limit],
    );
  }

  /**
   * One page of the user's series from `source` (a table joined to series as `s`, filtered by
   * `<alias>.user_id`), hiding series the user may no longer see, with the total.
   */
  private async userSeriesPage<T>(
    query: { columns: string; source: string; alias: string; orderBy: string },
    user: { id: number; staff: boolean },
    list: { page: number; limit: number; type?: SeriesType | undefined },
  ): Promise<{ rows: T[]; total: number }> {
    const { page, limit, type } = list;
    const visible = user.staff ? 'true' : `(s.moderation_status = 'approved' or s.created_by = ?)`;
    const where = `${query.alias}.user_id = ? and ${visible}${type ? ' and s.type = ?' : ''}`;
    const params = [user.id, ...(user.staff ? [] : [user.id]), ...(type ? [type] : [])];
    const [rows, counted] = await Promise.all([
      this.em.execute<T[]>(
        `select ${query.columns} from ${query.source} where ${where}
         order by ${query.orderBy}, s.id desc limit ? offset ?`,
        [...params, limit, (page - 1) * limit],
      ),
      this.em.execute<{ total: number }[]>(
        `select count(*)::int as total from ${query.source} where ${where}`,
        params,
      ),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** The series the user has reading progress in, most recently read first. */
  library(
    user: { id: number; staff: boolean },
    list: { page: number; limit: number; type?: SeriesType | undefined },
  ) {
    return this.userSeriesPage<LibraryRow>(
      {
        columns: `${SUMMARY_COLUMNS}, c.id as progress_chapter_id, c.number::float8 as progress_number,
          rp.page as progress_page, rp.updated_at as progress_updated_at`,
        source: `reading_progress rp join series s on s.id = rp.series_id join chapter c on c.id = rp.chapter_id`,
        alias: 'rp',
        orderBy: 'rp.updated_at desc',
      },
      user,
      list,
    );
  }

  /** The user's favourite series, most recently added first. */
  favorites(
    user: { id: number; staff: boolean },
    list: { page: number; limit: number; type?: SeriesType | undefined },
  ) {
    return this.userSeriesPage<SeriesSummaryRow>(
      {
        columns: SUMMARY_COLUMNS,
        source: 'favorite f join series s on s.id = f.series_id',
        alias: 'f',
        orderBy: 'f.created_at desc',
      },
      user,
      list,
    );
  }

  /** The newest `limit` things the user did, all kinds merged by time. */
  async activity(userId: number, limit: number): Promise<ActivityRow[]> {
    return this.em.execute<ActivityRow[]>(
      `(select 'read' as kind, rp.series_id as ref_id, s.slug, s.type, s.title, c.id as chapter_id, c.number::float8 as number,
          c.language, null as excerpt, rp.updated_at as at
        from reading_progress rp join series s on s.id = rp.series_id join chapter c on c.id = rp.chapter_id
        where rp.user_id = ? order by rp.updated_at desc limit ?)
       union all
       (select 'liked', l.chapter_id, s.slug, s.type, s.title, c.id, c.number::float8, c.language, null, l.created_at
        from chapter_like l join chapter c on c.id = l.chapter_id join series s on s.id = c.series_id
        where l.user_id = ? order by l.created_at desc limit ?)
       union all
       (select 'commented', m.id, s.slug, s.type, s.title, c.id, c.number::float8, c.language, left(m.text, 120),
          m.created_at
        from comment m join series s on s.id = m.series_id left join chapter c on c.id = m.chapter_id
        where m.user_id = ? and m.deleted_at is null order by m.created_at desc limit ?)
       union all
       (select 'added', s.id, s.slug, s.type, s.title, null, null, null, null, s.created_at
        from series s where s.created_by = ? order by s.created_at desc limit ?)
       union all
       (select 'added', c.id, s.slug, s.type, s.title, c.id, c.number::float8, c.language, null, c.created_at
        from chapter c join series s on s.id = c.series_id
        where c.uploader_id = ? order by c.created_at desc limit ?)
       order by at desc limit ?`,
      [userId, limit, userId, limit, userId, limit, userId, limit, userId, limit, limit],
    );
  }
}
