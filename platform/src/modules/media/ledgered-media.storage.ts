import { MediaObjectRepository } from './media-object.repository';
import {
  type ListedMedia,
  type MediaExtension,
  type MediaObject,
  type MediaStat,
  MediaStorage,
  type StoredMedia,
} from './media-storage';

/** A media store that keeps the ledger (`media_object`) in step with every put and delete. */
export class LedgeredMediaStorage extends MediaStorage {
  constructor(
    readonly inner: MediaStorage,
    readonly ledger: MediaObjectRepository,
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

  /**
   * Records the objects that pages and covers point at but the ledger lacks, reading each size from
   * the store; answers how many were recorded.
   */
  async backfillLedger(): Promise<number> {
    let recorded = 0;
    for (const key of await this.ledger.unrecordedKeys()) {
      const stat = await this.inner.stat(key);
      if (!stat) continue;
      await this.ledger.record(key, stat.size);
      recorded++;
    }
    return recorded;
  }
}
