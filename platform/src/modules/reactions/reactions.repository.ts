import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ModerationStatus, Preferences, ReadingMode, Role, Shelf } from '@warraq/contracts';
import { STAFF_ROLES } from '../auth/access.decorators';
import { PreparedStatements, preparedStatement } from '../../database/prepared-statements';
import type { Db } from '../../database/transactions';
import { unreadCountSql } from '../notifications/notifications.repository';

/**
 * What every page state carries of the reader's own, from their account row: who they are (the guard
 * read no account on this route: null when the account the session names is gone), the bell's unread
 * count, their reading mode and the preferences a page applies.
 */
export interface PageViewerRow {
  viewer_id: number | null;
  viewer_username: string | null;
  viewer_role: Role | null;
  unread: number;
  reading_mode: ReadingMode | null;
  numerals: Preferences['numerals'] | null;
  /** As stored (an older account's may lack fields): defaults fill it in. */
  novel_reader: Preferences['novelReader'] | null;
}

/** {@link PageViewerRow}'s columns, the reader's id being `$1` and their account row `v`. */
const VIEWER_COLUMNS = `v.id as viewer_id, v.username as viewer_username, v.role as viewer_role,
  ${unreadCountSql('$1')} as unread, v.reading_mode,
  v.preferences->'numerals' as numerals, v.preferences->'novelReader' as novel_reader`;

/** The page state of a page about no series: the reader's own part only. */
const PAGE_VIEWER = preparedStatement<PageViewerRow>(
  'page_state_viewer',
  `select ${VIEWER_COLUMNS} from (select 1) as one left join "user" v on v.id = $1`,
);

/**
 * The page state of a series or chapter page: $1 the reader, $2 the series, $3 the chapter (0 on a
 * series page), $4 whether it is a series page, $5 the staff roles (the reader's role is read here).
 */
const PAGE_SERIES = preparedStatement<PageSeriesRow>(
  'page_state_series',
  `select s.moderation_status, s.created_by,
     exists(select 1 from chapter_like where user_id = $1 and chapter_id = $3) as is_liked,
     exists(select 1 from favorite where user_id = $1 and series_id = $2) as is_favorite,
     (select score::int from rating where user_id = $1 and series_id = $2) as user_rating,
     p.chapter_id as progress_chapter_id, p.number as progress_number, p.page as progress_page,
     p.paragraph as progress_paragraph,
     f.preferred_groups, f.hidden_groups,
     (select count(*)::int from series_follow where series_id = $2) as followers,
     (select shelf from series_shelf where user_id = $1 and series_id = $2) as shelf,
     exists(select 1 from user_follow where follower_id = $1 and followee_id = s.created_by)
       as creator_following,
     (select count(*)::int from user_follow where followee_id = s.created_by) as creator_followers,
     case when $4::boolean then array(
       select r.chapter_id from chapter_read r join chapter c on c.id = r.chapter_id
       where r.user_id = $1 and c.series_id = $2 and c.moderation_status = 'approved'
       order by r.chapter_id) end as read_chapter_ids,
     $4::boolean and exists(select 1 from chapter c where c.series_id = $2
       and c.moderation_status = 'pending' and (v.role = any($5::text[]) or c.uploader_id = $1)) as has_pending,
     ${VIEWER_COLUMNS}
   from (select 1) as one
   left join series s on s.id = $2
   left join lateral (
     select rp.chapter_id, c.number::float8 as number, rp.page, rp.paragraph
     from reading_progress rp join chapter c on c.id = rp.chapter_id
     where rp.user_id = $1 and rp.series_id = $2 limit 1) p on true
   left join series_follow f on f.user_id = $1 and f.series_id = $2
   left join "user" v on v.id = $1`,
);

/** A reader's whole state on one series, as the page state reads it in one statement. */
export interface PageSeriesRow extends PageViewerRow {
  /** Null when no such series: the caller decides what the reader may see. */
  moderation_status: ModerationStatus | null;
  created_by: number | null;
  is_liked: boolean;
  is_favorite: boolean;
  user_rating: number | null;
  progress_chapter_id: number | null;
  progress_number: number | null;
  progress_page: number | null;
  progress_paragraph: number | null;
  preferred_groups: string[] | null;
  hidden_groups: string[] | null;
  followers: number;
  shelf: Shelf | null;
  creator_following: boolean;
  creator_followers: number;
  /** Null unless asked for (a series page). */
  read_chapter_ids: number[] | null;
  /**
   * Whether the series has a pending chapter this reader may see (any, for staff; their own
   * uploads otherwise); false unless asked for (a series page). Only then are they read.
   */
  has_pending: boolean;
}

/**
 * Likes, favourites and ratings. A toggle is one statement on the reaction row that says whether a row
 * was really inserted or deleted, run in the caller's transaction; the caller moves the series
 * module's counters only then, in the same transaction, so concurrent identical toggles never double
 * count.
 */
@Injectable()
export class ReactionsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly prepared: PreparedStatements,
  ) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  /** Answers whether a like row was really added (liked) or removed (not liked). */
  async setChapterLike(tx: Db, userId: number, chapterId: number, liked: boolean): Promise<boolean> {
    const rows = await tx.execute<{ chapter_id: number }[]>(
      liked
        ? `insert into chapter_like (user_id, chapter_id) values (?, ?) on conflict do nothing returning chapter_id`
        : `delete from chapter_like where user_id = ? and chapter_id = ? returning chapter_id`,
      [userId, chapterId],
    );
    return rows.length > 0;
  }

  /** Answers whether a favourite row was really added or removed. */
  async setFavorite(tx: Db, userId: number, seriesId: number, favorite: boolean): Promise<boolean> {
    const rows = await tx.execute<{ series_id: number }[]>(
      favorite
        ? `insert into favorite (user_id, series_id) values (?, ?) on conflict do nothing returning series_id`
        : `delete from favorite where user_id = ? and series_id = ? returning series_id`,
      [userId, seriesId],
    );
    return rows.length > 0;
  }

  /** Sets the user's score in `tx`; answers the score it replaced (undefined: a first rating). */
  async setRating(tx: Db, userId: number, seriesId: number, score: number): Promise<number | undefined> {
    const previous = await tx.execute<{ score: number }[]>(
      `select score from rating where user_id = ? and series_id = ?`,
      [userId, seriesId],
    );
    await tx.execute(
      `insert into rating (user_id, series_id, score) values (?, ?, ?)
       on conflict (user_id, series_id) do update set score = excluded.score, updated_at = now()`,
      [userId, seriesId, score],
    );
    return previous[0]?.score;
  }

  async status(
    userId: number,
    seriesId: number,
    chapterId: number | null,
  ): Promise<{ is_liked: boolean; is_favorite: boolean; user_rating: number | null }> {
    const rows = await this.run<{ is_liked: boolean; is_favorite: boolean; user_rating: number | null }>(
      `select
         exists(select 1 from chapter_like where user_id = ? and chapter_id = ?) as is_liked,
         exists(select 1 from favorite where user_id = ? and series_id = ?) as is_favorite,
         (select score::int from rating where user_id = ? and series_id = ?) as user_rating`,
      [userId, chapterId ?? 0, userId, seriesId, userId, seriesId],
    );
    return rows[0]!;
  }

  /**
   * Everything of the reader's on a series that a page shows, in one round trip: its visibility
   * facts, the reactions, the progress, the follow with its count, the shelf, the creator's follow
   * with its count, the reader's own part ({@link PageViewerRow}) and (on a series page) the
   * approved chapters read and whether any pending chapter is the reader's to see (staff: any).
   * Which parts the reader may have is the caller's rule: this reads them all.
   */
  async pageState(
    userId: number,
    seriesId: number,
    chapterId: number | null,
    seriesPage: boolean,
  ): Promise<PageSeriesRow> {
    const rows = await this.prepared.rows(PAGE_SERIES, [
      userId,
      seriesId,
      chapterId ?? 0,
      seriesPage,
      STAFF_ROLES,
    ]);
    return rows[0]!;
  }

  /** The page state's part on a page about no series, in one round trip. */
  async pageViewer(userId: number): Promise<PageViewerRow> {
    const rows = await this.prepared.rows(PAGE_VIEWER, [userId]);
    return rows[0]!;
  }
}
