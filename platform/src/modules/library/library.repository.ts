import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

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
}
