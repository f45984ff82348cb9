import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ChapterLanguage, ModerationStatus, SeriesType, Shelf } from '@warraq/contracts';
import type { Db } from '../../database/transactions';
import { SUMMARY_COLUMNS, type SeriesSummaryRow } from '../series/series.mapper';
import type { CoverRenditionRow } from '../media/cover-renditions';
import { INT_ARRAY, WANTS_CHAPTER } from './follows.sql';

export interface GroupPrefs {
  preferredGroups: string[];
  hiddenGroups: string[];
}

export interface UpdateRow {
  id: number;
  number: number;
  title: string | null;
  language: ChapterLanguage;
  translation_group: string | null;
  published_at: Date | string;
  series_id: number;
  slug: string;
  series_type: SeriesType;
  series_title: string;
  cover_key: string | null;
  cover_width: number | null;
  cover_renditions: CoverRenditionRow[];
  read: boolean;
  /** The row's sort key, for the next page's cursor. */
  sort_key: unknown[];
}

export interface FanoutChapterRow {
  id: number;
  number: number;
  language: string;
  translation_group: string | null;
  slug: string;
  series_type: SeriesType;
  series_title: string;
}

/** A followed user's new work, with what its notifications say. */
export interface FanoutSeriesRow {
  id: number;
  slug: string;
  series_type: SeriesType;
  series_title: string;
  creator: string;
}

/** Follows, reading preferences and the fan-out's waiting list (raw SQL: upserts and set-based reads). */
@Injectable()
export class FollowsRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = [], db: Db = this.em): Promise<T[]> {
    return db.execute<T[]>(sql, params as never[]);
  }

  async seriesVisibility(
    seriesId: number,
  ): Promise<{ moderation_status: ModerationStatus; created_by: number | null } | null> {
    const rows = await this.run<{ moderation_status: ModerationStatus; created_by: number | null }>(
      'select moderation_status, created_by from series where id = ?',
      [seriesId],
    );
    return rows[0] ?? null;
  }

  async userExists(userId: number): Promise<boolean> {
    const rows = await this.run<{ found: number }>('select 1 as found from "user" where id = ?', [userId]);
    return rows.length > 0;
  }

  /**
   * Follows the series; with `prefs`, also sets its group preferences. One statement, so any number
   * of the same request at once leave one row.
   */
  async followSeries(userId: number, seriesId: number, prefs: GroupPrefs | null): Promise<void> {
    if (prefs) {
      await this.run(
        `insert into series_follow (user_id, series_id, preferred_groups, hidden_groups)
         values (?, ?, array(select jsonb_array_elements_text(?::jsonb)), array(select jsonb_array_elements_text(?::jsonb)))
         on conflict (user_id, series_id) do update
           set preferred_groups = excluded.preferred_groups, hidden_groups = excluded.hidden_groups`,
        [userId, seriesId, JSON.stringify(prefs.preferredGroups), JSON.stringify(prefs.hiddenGroups)],
      );
    } else {
      await this.run(
        'insert into series_follow (user_id, series_id) values (?, ?) on conflict (user_id, series_id) do nothing',
        [userId, seriesId],
      );
    }
  }

  async unfollowSeries(userId: number, seriesId: number): Promise<void> {
    await this.run('delete from series_follow where user_id = ? and series_id = ?', [userId, seriesId]);
  }

  async seriesState(
    userId: number,
    seriesId: number,
  ): Promise<{ follow: GroupPrefs | null; followers: number }> {
    const [mine, counted] = await Promise.all([
      this.run<{ preferred_groups: string[]; hidden_groups: string[] }>(
        'select preferred_groups, hidden_groups from series_follow where user_id = ? and series_id = ?',
        [userId, seriesId],
      ),
      this.run<{ n: number }>('select count(*)::int as n from series_follow where series_id = ?', [seriesId]),
    ]);
    const row = mine[0];
    return {
      follow: row ? { preferredGroups: row.preferred_groups, hiddenGroups: row.hidden_groups } : null,
      followers: counted[0]?.n ?? 0,
    };
  }

  async followUser(followerId: number, followeeId: number): Promise<void> {
    await this.run(
      'insert into user_follow (follower_id, followee_id) values (?, ?) on conflict (follower_id, followee_id) do nothing',
      [followerId, followeeId],
    );
  }

  async unfollowUser(followerId: number, followeeId: number): Promise<void> {
    await this.run('delete from user_follow where follower_id = ? and followee_id = ?', [
      followerId,
      followeeId,
    ]);
  }

  async userState(
    followerId: number,
    followeeId: number,
  ): Promise<{ following: boolean; followers: number }> {
    const rows = await this.run<{ following: boolean; followers: number }>(
      `select exists(select 1 from user_follow where follower_id = ? and followee_id = ?) as following,
              (select count(*)::int from user_follow where followee_id = ?) as followers`,
      [followerId, followeeId, followeeId],
    );
    return rows[0] ?? { following: false, followers: 0 };
  }

  async languages(userId: number): Promise<ChapterLanguage[]> {
    const rows = await this.run<{ languages: ChapterLanguage[] }>(
      'select languages from reader_preference where user_id = ?',
      [userId],
    );
    return rows[0]?.languages ?? [];
  }

  async setLanguages(userId: number, languages: readonly ChapterLanguage[]): Promise<void> {
    await this.run(
      `insert into reader_preference (user_id, languages) values (?, array(select jsonb_array_elements_text(?::jsonb)))
       on conflict (user_id) do update set languages = excluded.languages, updated_at = now()`,
      [userId, JSON.stringify(languages)],
    );
  }

  /** Puts an approved chapter on the fan-out's waiting list, in the approval's transaction. */
  async queueFanout(tx: Db, chapterId: number, seriesId: number): Promise<void> {
    await this.run(
      'insert into chapter_fanout (chapter_id, series_id) values (?, ?) on conflict (chapter_id) do nothing',
      [chapterId, seriesId],
      tx,
    );
  }

  /** Puts an approved series on the fan-out's waiting list, in the approval's transaction. */
  async queueSeriesFanout(tx: Db, seriesId: number): Promise<void> {
    await this.run(
      'insert into series_fanout (series_id) values (?) on conflict (series_id) do nothing',
      [seriesId],
      tx,
    );
  }

  /**
   * Takes the series itself off the waiting list (in the fan-out's transaction, like `takeFanout`),
   * with what its notifications say; nothing when it does not wait, is no longer approved, or its
   * creator's account is gone.
   */
  async takeSeriesFanout(tx: Db, seriesId: number): Promise<FanoutSeriesRow[]> {
    return this.run<FanoutSeriesRow>(
      `with taken as (delete from series_fanout where series_id = ? returning series_id)
       select s.id, s.slug, s.type as series_type, s.title as series_title, u.username as creator
       from taken t join series s on s.id = t.series_id join "user" u on u.id = s.created_by
       where s.moderation_status = 'approved'`,
      [seriesId],
      tx,
    );
  }

  /**
   * Takes the series' waiting chapters off the list (in the fan-out's transaction: a failed fan-out
   * puts them back by rolling back), with what their notifications say. Two fan-outs of one series at
   * once: the second waits on the first's row locks and then finds nothing.
   */
  async takeFanout(tx: Db, seriesId: number): Promise<FanoutChapterRow[]> {
    return this.run<FanoutChapterRow>(
      `with taken as (delete from chapter_fanout where series_id = ? returning chapter_id)
       select c.id, c.number::float8 as number, c.language, c.translation_group, s.slug, s.type as series_type,
         s.title as series_title
       from taken t join chapter c on c.id = t.chapter_id join series s on s.id = c.series_id
       where c.moderation_status = 'approved'
       order by c.number, c.id`,
      [seriesId],
      tx,
    );
  }

  /** What the notifications of these chapters say (any status: the recipients query keeps the approved). */
  async fanoutChapters(chapterIds: readonly number[]): Promise<FanoutChapterRow[]> {
    return this.run<FanoutChapterRow>(
      `select c.id, c.number::float8 as number, c.language, c.translation_group, s.slug, s.type as series_type,
         s.title as series_title
       from chapter c join series s on s.id = c.series_id
       where c.id = any(${INT_ARRAY}) order by c.number, c.id`,
      [JSON.stringify(chapterIds)],
    );
  }

  /**
   * Series with chapters, or themselves, waiting longer than `olderThanMs`: their job was lost (Redis
   * restarted).
   */
  async staleFanoutSeries(olderThanMs: number): Promise<number[]> {
    const rows = await this.run<{ series_id: number }>(
      `select series_id from chapter_fanout where queued_at < now() - make_interval(secs => ?::float8 / 1000)
       union
       select series_id from series_fanout where queued_at < now() - make_interval(secs => ?::float8 / 1000)
       limit 1000`,
      [olderThanMs, olderThanMs],
    );
    return rows.map((r) => r.series_id);
  }

  /**
   * One page of the reader's feed for a series type: approved chapters of followed series and of
   * followed users, that their preferences want, newest first, after the `after` sort key.
   */
  async updates(
    userId: number,
    type: SeriesType | null,
    after: [string, number] | null,
    limit: number,
  ): Promise<UpdateRow[]> {
    return this.run<UpdateRow>(
      `select c.id, c.number::float8 as number, c.title, c.language, c.translation_group, c.published_at,
              s.id as series_id, s.slug, s.type as series_type, s.title as series_title,
              s.cover_key, s.cover_width, s.cover_renditions,
              (cr.user_id is not null) as read,
              json_build_array(c.published_at, c.id) as sort_key
       from chapter c
       join series s on s.id = c.series_id
       left join series_follow f on f.user_id = ? and f.series_id = c.series_id
       left join reader_preference rp on rp.user_id = ?
       left join chapter_read cr on cr.user_id = ? and cr.chapter_id = c.id
       where c.moderation_status = 'approved' and c.published_at is not null
         and s.moderation_status = 'approved' and (?::text is null or s.type = ?)
         and (f.user_id is not null
              or c.uploader_id in (select followee_id from user_follow where follower_id = ?))
         and ${WANTS_CHAPTER}
         ${after ? 'and (c.published_at, c.id) < (?::timestamptz, ?)' : ''}
       order by c.published_at desc, c.id desc
       limit ?`,
      [userId, userId, userId, type, type, userId, ...(after ?? []), limit],
    );
  }

  async shelf(userId: number, seriesId: number): Promise<Shelf | null> {
    const rows = await this.run<{ shelf: Shelf }>(
      'select shelf from series_shelf where user_id = ? and series_id = ?',
      [userId, seriesId],
    );
    return rows[0]?.shelf ?? null;
  }

  async setShelf(userId: number, seriesId: number, shelf: Shelf | null): Promise<void> {
    if (shelf === null) {
      await this.run('delete from series_shelf where user_id = ? and series_id = ?', [userId, seriesId]);
      return;
    }
    await this.run(
      `insert into series_shelf (user_id, series_id, shelf) values (?, ?, ?)
       on conflict (user_id, series_id) do update set shelf = excluded.shelf, updated_at = now()`,
      [userId, seriesId, shelf],
    );
  }

  /**
   * The obvious moves as a reader reads: opening the first approved chapter puts an unshelved or
   * planned series on "reading"; reaching the last page of the last approved chapter of a completed
   * series puts it on "completed" (unless the reader dropped it). A shelf chosen by hand otherwise stays.
   */
  async autoShelve(userId: number, chapterId: number, page: number): Promise<void> {
    await this.run(
      `with c as (
         select c.series_id, c.number, c.page_count, s.status,
                (select min(number) from chapter where series_id = c.series_id and moderation_status = 'approved') as first,
                (select max(number) from chapter where series_id = c.series_id and moderation_status = 'approved') as last
         from chapter c join series s on s.id = c.series_id
         where c.id = ? and c.moderation_status = 'approved'
       ), moved as (
         select series_id,
                case when status = 'completed' and number = last and ? >= greatest(page_count - 1, 0) then 'completed'
                     when number = first then 'reading' end as shelf
         from c
       )
       insert into series_shelf (user_id, series_id, shelf)
       select ?, series_id, shelf from moved where shelf is not null
       on conflict (user_id, series_id) do update set shelf = excluded.shelf, updated_at = now()
         where (excluded.shelf = 'reading' and series_shelf.shelf = 'plan')
            or (excluded.shelf = 'completed' and series_shelf.shelf in ('plan', 'reading', 'on_hold'))`,
      [chapterId, page, userId],
    );
  }

  /**
   * A random approved series of the type without reading the table: a random point between the
   * smallest and largest id (two pkey lookups), then the first fitting series at or after it by the
   * pkey, wrapping round to the start when none follows.
   */
  async randomSeries(type: SeriesType): Promise<SeriesSummaryRow | null> {
    const rows = await this.run<SeriesSummaryRow>(
      `with point as (
         select min(id) + floor(random() * (max(id) - min(id) + 1))::int as id from series
       )
       (select ${SUMMARY_COLUMNS} from series s, point
        where s.id >= point.id and s.type = ? and s.moderation_status = 'approved' order by s.id limit 1)
       union all
       (select ${SUMMARY_COLUMNS} from series s
        where s.type = ? and s.moderation_status = 'approved' order by s.id limit 1)
       limit 1`,
      [type, type],
    );
    return rows[0] ?? null;
  }
}
