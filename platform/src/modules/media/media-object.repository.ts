import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The media ledger, table `media_object`: one row per stored object with its size, so "stored media
 * bytes" is a sum in Postgres rather than a walk over a disk or a bucket. Content addressing makes a
 * second record of the same key a no-op. Built by MediaStorageModule's factory (and the seed CLI)
 * with an EntityManager that is not tied to a request: puts happen in the worker too.
 */
export class MediaObjectRepository {
  constructor(private readonly em: EntityManager) {}

  async record(key: string, bytes: number): Promise<void> {
    await this.em
      .getConnection()
      // Storing the same bytes again restarts the collector's grace period (created_at is "last put").
      .execute(
        `insert into media_object (key, bytes) values (?, ?) on conflict (key) do update set created_at = now()`,
        [key, bytes],
      );
  }

  async forget(key: string): Promise<void> {
    await this.em.getConnection().execute(`delete from media_object where key = ?`, [key]);
  }

  async totals(): Promise<{ bytes: number; objects: number }> {
    const [row] = await this.em
      .getConnection()
      .execute<{ bytes: string | number; objects: string | number }[]>(
        `select coalesce(sum(bytes), 0) as bytes, count(*) as objects from media_object`,
      );
    return { bytes: Number(row?.bytes ?? 0), objects: Number(row?.objects ?? 0) };
  }

  /**
   * Keys that pages and covers name but the ledger lacks (media stored before the ledger existed, or
   * a put whose ledger write failed): a read that joins the catalogue's tables against this one.
   */
  async unrecordedKeys(): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ key: string }[]>(
      `select key from (
         select media_key as key from page
         union select r->>'key' from page, jsonb_array_elements(page.renditions) r
         union select cover_key from series where cover_key is not null
         union select r->>'key' from series, jsonb_array_elements(series.cover_renditions) r
       ) referenced where not exists (select 1 from media_object m where m.key = referenced.key)`,
    );
    return rows.map((r) => r.key);
  }
}
