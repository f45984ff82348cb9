import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Db } from '../../database/transactions';

/**
 * Likes, favourites and ratings. A toggle is one statement on the reaction row that says whether a row
 * was really inserted or deleted, run in the caller's transaction; the caller moves the series
 * module's counters only then, in the same transaction, so concurrent identical toggles never double
 * count.
 */
@Injectable()
export class ReactionsRepository {
  constructor(private readonly em: EntityManager) {}

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
}
