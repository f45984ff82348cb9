import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SeriesType, Shelf } from '@warraq/contracts';
import { SUMMARY_COLUMNS, type SeriesSummaryRow } from '../series/series.mapper';

export interface ReadingRow extends SeriesSummaryRow {
  shelf: Shelf | null;
  progress_chapter_id: number | null;
  progress_number: number | null;
  progress_page: number | null;
  progress_updated_at: Date | null;
  read_numbers: number;
  total_numbers: number;
}

export interface ReadingListFilter {
  userId: number;
  staff: boolean;
  type: SeriesType;
  shelf: Shelf | undefined;
  page: number;
  limit: number;
}

/** The two library lists: what they start from and how they are ordered. */
const READING_LISTS = {
  shelves: {
    source: `series_shelf sh join series s on s.id = sh.series_id
      left join reading_progress rp on rp.user_id = sh.user_id and rp.series_id = sh.series_id`,
    owner: 'sh.user_id',
    orderBy: 'sh.updated_at desc',
  },
  history: {
    source: `reading_progress rp join series s on s.id = rp.series_id
      left join series_shelf sh on sh.user_id = rp.user_id and sh.series_id = rp.series_id`,
    owner: 'rp.user_id',
    orderBy: 'rp.updated_at desc',
  },
} as const;

@Injectable()
export class LibraryRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  async progress(
    userId: number,
    seriesId: number,
  ): Promise<{ chapterId: number; chapterNumber: number; page: number; paragraph: number | null } | null> {
    const rows = await this.run<{
      chapter_id: number;
      number: number;
      page: number;
      paragraph: number | null;
    }>(
      `select rp.chapter_id, c.number::float8 as number, rp.page, rp.paragraph
       from reading_progress rp join chapter c on c.id = rp.chapter_id
       where rp.user_id = ? and rp.series_id = ?`,
      [userId, seriesId],
    );
    const row = rows[0];
    return row
      ? { chapterId: row.chapter_id, chapterNumber: row.number, page: row.page, paragraph: row.paragraph }
      : null;
  }

  /** `paragraph` is a text chapter's position; null (image chapters) clears an older one. */
  async saveProgress(
    userId: number,
    seriesId: number,
    chapterId: number,
    page: number,
    paragraph: number | null,
  ): Promise<void> {
    await this.run(
      `insert into reading_progress (user_id, series_id, chapter_id, page, paragraph) values (?, ?, ?, ?, ?)
       on conflict (user_id, series_id) do update
         set chapter_id = excluded.chapter_id, page = excluded.page, paragraph = excluded.paragraph,
             updated_at = now()`,
      [userId, seriesId, chapterId, page, paragraph],
    );
  }

  /** Marks a chapter variant read for the reader (opening it is reading it); repeating changes nothing. */
  async markRead(userId: number, chapterId: number): Promise<void> {
    await this.run(
      'insert into chapter_read (user_id, chapter_id) values (?, ?) on conflict (user_id, chapter_id) do nothing',
      [userId, chapterId],
    );
  }

  /**
   * One page of the reader's shelves or history for one type (series they may no longer see left
   * out), with where they stopped and how many distinct approved chapter numbers they have read.
   */
  async readingList(
    list: keyof typeof READING_LISTS,
    filter: ReadingListFilter,
  ): Promise<{ rows: ReadingRow[]; total: number }> {
    const { source, owner, orderBy } = READING_LISTS[list];
    const visible = filter.staff ? '' : `and (s.moderation_status = 'approved' or s.created_by = ?)`;
    const shelf = filter.shelf ? 'and sh.shelf = ?' : '';
    const where = `${owner} = ? and s.type = ? ${visible} ${shelf}`;
    const params = [
      filter.userId,
      filter.type,
      ...(filter.staff ? [] : [filter.userId]),
      ...(filter.shelf ? [filter.shelf] : []),
    ];
    const [rows, counted] = await Promise.all([
      this.run<ReadingRow>(
        `select ${SUMMARY_COLUMNS}, sh.shelf, rp.chapter_id as progress_chapter_id,
           pc.number::float8 as progress_number, rp.page as progress_page, rp.updated_at as progress_updated_at,
           (select count(distinct rc.number)::int from chapter_read r join chapter rc on rc.id = r.chapter_id
             where r.user_id = ${owner} and rc.series_id = s.id and rc.moderation_status = 'approved') as read_numbers,
           (select count(distinct ac.number)::int from chapter ac
             where ac.series_id = s.id and ac.moderation_status = 'approved') as total_numbers
         from ${source} left join chapter pc on pc.id = rp.chapter_id
         where ${where}
         order by ${orderBy}, s.id desc limit ? offset ?`,
        [...params, filter.limit, (filter.page - 1) * filter.limit],
      ),
      this.run<{ total: number }>(`select count(*)::int as total from ${source} where ${where}`, params),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** Takes one series out of the reader's history; the count removed (0 or 1). */
  async removeHistory(userId: number, seriesId: number): Promise<number> {
    const rows = await this.run(
      'delete from reading_progress where user_id = ? and series_id = ? returning series_id',
      [userId, seriesId],
    );
    return rows.length;
  }

  /** Clears the reader's history of one type; the count removed. */
  async clearHistory(userId: number, type: SeriesType): Promise<number> {
    const rows = await this.run(
      `delete from reading_progress rp using series s
       where s.id = rp.series_id and rp.user_id = ? and s.type = ? returning rp.series_id`,
      [userId, type],
    );
    return rows.length;
  }

  /** Whether the reader paused their history (their preferences; absent means recording). */
  async historyPaused(userId: number): Promise<boolean> {
    const rows = await this.run<{ paused: boolean }>(
      `select coalesce((preferences ->> 'historyPaused')::boolean, false) as paused from "user" where id = ?`,
      [userId],
    );
    return rows[0]?.paused ?? false;
  }

  /** The approved chapter variants of a series the reader has read: one pass over their own markers. */
  async readChapterIds(userId: number, seriesId: number): Promise<number[]> {
    const rows = await this.run<{ chapter_id: number }>(
      `select r.chapter_id from chapter_read r join chapter c on c.id = r.chapter_id
       where r.user_id = ? and c.series_id = ? and c.moderation_status = 'approved'
       order by r.chapter_id`,
      [userId, seriesId],
    );
    return rows.map((row) => row.chapter_id);
  }

  /** Whether the series has an approved chapter of this number. */
  async hasApprovedNumber(seriesId: number, number: number): Promise<boolean> {
    const rows = await this.run(
      `select 1 from chapter where series_id = ? and number = ? and moderation_status = 'approved' limit 1`,
      [seriesId, number],
    );
    return rows.length > 0;
  }

  /**
   * Marks the approved variants of one chapter number (with `upTo`, of every number up to it) read
   * or unread for the reader. Repeating it changes nothing.
   */
  async setRead(
    userId: number,
    seriesId: number,
    mark: { number: number; read: boolean; upTo: boolean },
  ): Promise<void> {
    const range = mark.upTo ? 'c.number <= ?' : 'c.number = ?';
    if (mark.read) {
      await this.run(
        `insert into chapter_read (user_id, chapter_id)
         select ?, c.id from chapter c where c.series_id = ? and c.moderation_status = 'approved' and ${range}
         on conflict (user_id, chapter_id) do nothing`,
        [userId, seriesId, mark.number],
      );
      return;
    }
    await this.run(
      `delete from chapter_read r using chapter c
       where c.id = r.chapter_id and r.user_id = ? and c.series_id = ? and ${range}`,
      [userId, seriesId, mark.number],
    );
  }
}
