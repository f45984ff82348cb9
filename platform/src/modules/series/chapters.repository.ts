import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ModerationStatus, SeriesType } from '@warraq/contracts';
import { READER_SQL } from './reader.sql';

export interface SeriesHeaderRow {
  id: number;
  slug: string;
  title: string;
  type: SeriesType;
  moderation_status: ModerationStatus;
  created_by: number | null;
}

export interface ChapterContentRow {
  body: string | null;
  /** media key, width, height, uploaded page (slices of a tall strip share it). */
  pages: [string, number, number, number][];
}

/** What access checks on a chapter need: its own and its series' moderation state and owners. */
export interface ChapterAccessRow {
  id: number;
  series_id: number;
  number: number;
  moderation_status: ModerationStatus;
  uploader_id: number | null;
  series_status: ModerationStatus;
  series_created_by: number | null;
  like_count: number;
}

@Injectable()
export class ChaptersRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  /** The series of a reader URL segment: its slug, or its numeric id (the spec links by either). */
  async seriesHeader(slugOrId: string): Promise<SeriesHeaderRow | null> {
    const bySlug = await this.run<SeriesHeaderRow>(READER_SQL.seriesBySlug, [slugOrId]);
    if (bySlug[0]) return bySlug[0];
    if (!/^\d{1,9}$/.test(slugOrId)) return null;
    const byId = await this.run<SeriesHeaderRow>(READER_SQL.seriesById, [Number(slugOrId)]);
    return byId[0] ?? null;
  }

  async content(chapterId: number): Promise<ChapterContentRow> {
    const rows = await this.run<ChapterContentRow>(READER_SQL.content, [chapterId]);
    return rows[0] ?? { body: null, pages: [] };
  }

  /**
   * Counts one view per viewer per chapter per day: the counters move only when the view row was
   * really inserted, in the same statement. Returns the new chapter view count, or null when the
   * viewer was already counted today.
   */
  async countView(chapterId: number, viewer: string): Promise<number | null> {
    const rows = await this.run<{ view_count: number | null }>(READER_SQL.countView, [chapterId, viewer]);
    return rows[0]?.view_count ?? null;
  }

  async access(chapterId: number): Promise<ChapterAccessRow | null> {
    const rows = await this.run<ChapterAccessRow>(
      `select c.id, c.series_id, c.number::float8 as number, c.moderation_status, c.uploader_id,
         s.moderation_status as series_status, s.created_by as series_created_by, c.like_count
       from chapter c join series s on s.id = c.series_id where c.id = ?`,
      [chapterId],
    );
    return rows[0] ?? null;
  }

  async seriesAccess(seriesId: number): Promise<{
    id: number;
    moderation_status: ModerationStatus;
    created_by: number | null;
    favorite_count: number;
    rating_sum: number;
    rating_count: number;
  } | null> {
    const rows = await this.run<{
      id: number;
      moderation_status: ModerationStatus;
      created_by: number | null;
      favorite_count: number;
      rating_sum: number;
      rating_count: number;
    }>(
      `select id, moderation_status, created_by, favorite_count, rating_sum, rating_count from series where id = ?`,
      [seriesId],
    );
    return rows[0] ?? null;
  }
}
