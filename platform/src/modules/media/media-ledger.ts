import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ListedMedia,
  type MediaExtension,
  type MediaObject,
  type MediaStat,
  MediaStorage,
  type StoredMedia,
} from './media-storage';

/**
 * One row per stored media object with its size (table `media_object`), so "stored media bytes" is
 * a sum in Postgres rather than a walk over a disk or a bucket. Content addressing makes a second
 * put of the same bytes a no-op here too.
 */
export class MediaLedger {
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
   * Records the objects that pages and covers point at but the ledger lacks (media stored before the
   * ledger existed, or a put whose ledger write failed), reading each size from the store.
   */
  async backfill(storage: MediaStorage): Promise<number> {
    const missing = await this.em.getConnection().execute<{ key: string }[]>(
      `select key from (
         select media_key as key from page union select cover_key from series where cover_key is not null
       ) referenced where not exists (select 1 from media_object m where m.key = referenced.key)`,
    );
    let recorded = 0;
    for (const { key } of missing) {
      const stat = await storage.stat(key);
      if (!stat) continue;
      await this.record(key, stat.size);
      recorded++;
    }
    return recorded;
  }
}

/** A media store that keeps the ledger in step with every put and delete. */
export class LedgeredMediaStorage extends MediaStorage {
  constructor(
    readonly inner: MediaStorage,
    readonly ledger: MediaLedger,
  ) {
    super();
  }

  async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    const stored = await this.inner.put(bytes, extension);
    await this.ledger.record(stored.key, stored.size);
    return stored;
  }

  stat(key: string): Promise<MediaStat | null> {
    return this.inner.stat(key);
  }

  open(key: string): Promise<MediaObject | null> {
    return this.inner.open(key);
  }

  async delete(key: string): Promise<void> {
    await this.inner.delete(key);
    await this.ledger.forget(key);
  }

  list(): AsyncIterable<ListedMedia> {
    return this.inner.list();
  }
}
