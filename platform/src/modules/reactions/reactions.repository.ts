import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * Likes, favourites and ratings. Every toggle is one statement (or one locked transaction): the row
 * change and the counter change commit together, and a counter moves only when a row was really
 * inserted or deleted, so concurrent identical toggles never double count.
 */
@Injectable()
export class ReactionsRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  /** Returns the chapter's like count after the change. */
  async setChapterLike(userId: number, chapterId: number, liked: boolean): Promise<number> {
    const sql = liked
      ? `with changed as (
           insert into chapter_like (user_id, chapter_id) values (?, ?) on conflict do nothing returning chapter_id),
         c as (update chapter set like_count = like_count + 1 where id in (select chapter_id from changed)
           returning series_id, like_count),
         s as (update series set like_count = like_count + 1 where id in (select series_id from c) returning id)
         select (select like_count from c) as count`
      : `with changed as (
           delete from chapter_like where user_id = ? and chapter_id = ? returning chapter_id),
         c as (update chapter set like_count = like_count - 1 where id in (select chapter_id from changed)
           returning series_id, like_count),
         s as (update series set like_count = greatest(like_count - 1, 0) where id in (select series_id from c) returning id)
         select (select like_count from c) as count`;
    const rows = await this.run<{ count: number | null }>(sql, [userId, chapterId]);
    if (rows[0]?.count != null) return rows[0].count;
    const current = await this.run<{ count: number }>(
      `select like_count as count from chapter where id = ?`,
      [chapterId],
    );
    return current[0]?.count ?? 0;
  }

  /** Returns the series' favourite count after the change. */
  async setFavorite(userId: number, seriesId: number, favorite: boolean): Promise<number> {
    const sql = favorite
      ? `with changed as (
           insert into favorite (user_id, series_id) values (?, ?) on conflict do nothing returning series_id),
         s as (update series set favorite_count = favorite_count + 1 where id in (select series_id from changed)
           returning favorite_count)
         select (select favorite_count from s) as count`
      : `with changed as (delete from favorite where user_id = ? and series_id = ? returning series_id),
         s as (update series set favorite_count = favorite_count - 1 where id in (select series_id from changed)
           returning favorite_count)
         select (select favorite_count from s) as count`;
    const rows = await this.run<{ count: number | null }>(sql, [userId, seriesId]);
    if (rows[0]?.count != null) return rows[0].count;
    const current = await this.run<{ count: number }>(
      `select favorite_count as count from series where id = ?`,
      [seriesId],
    );
    return current[0]?.count ?? 0;
  }

  /** Sets the user's score; the series row is locked so concurrent ratings apply their deltas in turn. */
  async rate(userId: number, seriesId: number, score: number): Promise<{ sum: number; count: number }> {
    return this.em.transactional(async (tx) => {
      await tx.execute(`select id from series where id = ? for update`, [seriesId]);
      const previous = await tx.execute<{ score: number }[]>(
        `select score from rating where user_id = ? and series_id = ?`,
        [userId, seriesId],
      );
      await tx.execute(
        `insert into rating (user_id, series_id, score) values (?, ?, ?)
         on conflict (user_id, series_id) do update set score = excluded.score, updated_at = now()`,
        [userId, seriesId, score],
      );
      const old = previous[0]?.score;
      const rows = await tx.execute<{ sum: number; count: number }[]>(
        `update series set rating_sum = rating_sum + ?, rating_count = rating_count + ?, updated_at = updated_at
         where id = ? returning rating_sum as sum, rating_count as count`,
        [score - (old ?? 0), old === undefined ? 1 : 0, seriesId],
      );
      return rows[0]!;
    });
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
}
