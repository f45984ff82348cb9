import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ListedMedia,
  type MediaExtension,
  mediaKeyOf,
  type MediaObject,
  type MediaStat,
  MediaStorage,
  type StoredMedia,
} from './media-storage';
import type { Db } from '../../database/transactions';
import { MediaClaimsRepository, type SweepCounts } from './media-claims.repository';

/** The configured driver itself (local disk or S3), without the ledger bookkeeping of MediaStorage. */
export const MEDIA_DRIVER = Symbol('MEDIA_DRIVER');

export interface FreedMedia {
  objects: number;
  bytes: number;
}

/** What one run of the garbage collector did (kept in `media_sweep` for the dashboard). */
export type SweepReport = SweepCounts;

/**
 * Decides when a stored object may go, so that nothing is orphaned and nothing in use is lost.
 *
 * - An upload's processing stores pages through `stagingFor(uploadId)`: each key is claimed for the
 *   upload (`upload_media`) before its bytes are put, and is not a media object (no ledger row) yet.
 * - `commit` runs inside the chapter's publishing transaction: the pages become media objects and the
 *   claims go, atomically, so a key is always either claimed or referenced.
 * - `release` (the upload failed, was cancelled or deleted) and `freeUnreferenced` (a moderator deleted
 *   a chapter) delete only what no page, cover or other upload holds. Each check-and-delete holds a
 *   per-key lock that claiming takes too, so an upload storing the very same bytes at that moment
 *   either keeps the object or puts it again; it never publishes a key whose object was deleted.
 */
@Injectable()
export class MediaCollector {
  private readonly logger = new Logger(MediaCollector.name);

  constructor(
    private readonly claims: MediaClaimsRepository,
    @Inject(MEDIA_DRIVER) private readonly driver: MediaStorage,
  ) {}

  /** The store one upload's processing writes to: claimed puts that are not media objects until commit. */
  stagingFor(uploadId: string): MediaStorage {
    return new StagedMediaStorage(this.driver, (key) => this.claim(uploadId, key));
  }

  /** Holds `key` for the upload before its bytes are stored. */
  async claim(uploadId: string, key: string): Promise<void> {
    await this.claims.underKeyLock(key, (tx) => this.claims.claim(tx, uploadId, key));
  }

  /** Inside the publishing transaction: the upload's pages become media objects, its claims go. */
  commit(tx: Db, uploadId: string, objects: { key: string; bytes: number }[]): Promise<void> {
    return this.claims.commit(tx, uploadId, objects);
  }

  /**
   * The upload's processing will not publish (refused, failed for good, cancelled, deleted): its claims
   * go, and the objects it stored that are no media object and held by nothing else are deleted.
   */
  async release(uploadId: string): Promise<FreedMedia> {
    const freed: FreedMedia = { objects: 0, bytes: 0 };
    for (const key of await this.claims.claimedBy(uploadId)) {
      const bytes = await this.claims.underKeyLock(key, async (tx) => {
        await this.claims.unclaim(tx, uploadId, key);
        if (await this.claims.isHeld(tx, key, { ledger: true })) return null;
        return this.deleteObject(key);
      });
      if (bytes !== null) add(freed, bytes);
    }
    if (freed.objects > 0) this.logger.log(`upload ${uploadId}: freed ${freed.objects} staged page image(s)`);
    return freed;
  }

  /** Keys a deleted item named: those no page, cover or upload holds now go, with their ledger rows. */
  async freeUnreferenced(keys: readonly string[]): Promise<FreedMedia> {
    const freed: FreedMedia = { objects: 0, bytes: 0 };
    for (const key of keys) {
      const bytes = await this.claims.underKeyLock(key, async (tx) => {
        if (await this.claims.isHeld(tx, key, { ledger: false })) return null;
        const size = await this.deleteObject(key);
        await this.claims.forget(tx, key);
        return size;
      });
      if (bytes !== null) add(freed, bytes);
    }
    return freed;
  }

  /**
   * The garbage collector (a scheduled maintenance job): marks from the database — every key a page, a
   * cover or an upload in progress holds — and sweeps the store, deleting each object held by nothing
   * whose last write (the store's time, or the ledger's last put) is older than `graceMs`; every
   * delete re-checks under the key's lock. Then the ledger is made equal to the store: rows for
   * referenced objects it lacks are added, rows whose object is gone are removed. Safe to run on
   * several workers at once and to repeat.
   */
  async sweep(graceMs: number, now = new Date()): Promise<SweepReport> {
    const cutoff = now.getTime() - graceMs;
    const listed = new Map<string, ListedMedia>();
    for await (const object of this.driver.list()) listed.set(object.key, object);
    const ledger = await this.claims.ledgerTimes();
    const referenced = await this.claims.referencedKeys();
    const claimed = await this.claims.claimedKeys();

    const report: SweepReport = { objects: 0, bytes: 0, ledgerAdded: 0, ledgerRemoved: 0 };
    for (const object of listed.values()) {
      const { key } = object;
      if (referenced.has(key) || claimed.has(key)) continue;
      if (Math.max(object.modifiedAt.getTime(), ledger.get(key) ?? 0) > cutoff) continue;
      const bytes = await this.claims.underKeyLock(key, async (tx) => {
        if (await this.claims.isHeld(tx, key, { ledger: false })) return null;
        if (await this.claims.isLedgeredAfter(tx, key, new Date(cutoff))) return null;
        await this.driver.delete(key);
        await this.claims.forget(tx, key);
        return object.size;
      });
      if (bytes !== null) add(report, bytes);
    }
    for (const key of referenced) {
      const object = listed.get(key);
      if (!object || ledger.has(key)) continue;
      if (await this.claims.addLedgerRow(key, object.size)) report.ledgerAdded += 1;
    }
    for (const [key, createdAt] of ledger) {
      // Rows written after the listing began may name objects the listing could not see yet.
      if (listed.has(key) || createdAt >= now.getTime()) continue;
      const removed = await this.claims.underKeyLock(key, async (tx) => {
        if (await this.driver.exists(key)) return false;
        await this.claims.forget(tx, key);
        return true;
      });
      if (!removed) continue;
      report.ledgerRemoved += 1;
      if (referenced.has(key)) this.logger.error(`media ${key} is referenced but missing from the store`);
    }
    await this.claims.recordSweep(report);
    this.logger.log(
      `swept ${listed.size} object(s): freed ${report.objects} (${report.bytes} bytes), ledger +${report.ledgerAdded} −${report.ledgerRemoved}`,
    );
    return report;
  }

  /** The last run of the collector, for the dashboard; null before the first. */
  lastSweep(): Promise<{ finishedAt: string; objects: number; bytes: number } | null> {
    return this.claims.lastSweep();
  }

  /** Deletes the stored bytes (inside the caller's locked transaction); answers their size. */
  private async deleteObject(key: string): Promise<number> {
    const stat = await this.driver.stat(key);
    await this.driver.delete(key);
    return stat?.size ?? 0;
  }
}

function add(total: FreedMedia, bytes: number): void {
  total.objects += 1;
  total.bytes += bytes;
}

/** A store whose every put is claimed first (see MediaCollector.stagingFor). */
class StagedMediaStorage extends MediaStorage {
  constructor(
    private readonly driver: MediaStorage,
    private readonly claim: (key: string) => Promise<void>,
  ) {
    super();
  }

  async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    await this.claim(mediaKeyOf(bytes, extension));
    return this.driver.put(bytes, extension);
  }

  stat(key: string): Promise<MediaStat | null> {
    return this.driver.stat(key);
  }

  open(key: string): Promise<MediaObject | null> {
    return this.driver.open(key);
  }

  delete(key: string): Promise<void> {
    return this.driver.delete(key);
  }

  list(): AsyncIterable<ListedMedia> {
    return this.driver.list();
  }
}
