import { MikroORM } from '@mikro-orm/postgresql';
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

/** The configured driver itself (local disk or S3), without the ledger bookkeeping of MediaStorage. */
export const MEDIA_DRIVER = Symbol('MEDIA_DRIVER');

/** Where the collector's SQL runs: the pool, or the EntityManager of an open transaction. */
interface Db {
  execute<T>(sql: string, params?: unknown[]): Promise<T>;
}

export interface FreedMedia {
  objects: number;
  bytes: number;
}

/** What one run of the garbage collector did (kept in `media_sweep` for the dashboard). */
export interface SweepReport extends FreedMedia {
  /** Ledger rows added for referenced objects the ledger lacked, and removed for objects the store lacks. */
  ledgerAdded: number;
  ledgerRemoved: number;
}

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
    private readonly orm: MikroORM,
    @Inject(MEDIA_DRIVER) private readonly driver: MediaStorage,
  ) {}

  /** The store one upload's processing writes to: claimed puts that are not media objects until commit. */
  stagingFor(uploadId: string): MediaStorage {
    return new StagedMediaStorage(this.driver, (key) => this.claim(uploadId, key));
  }

  /** Holds `key` for the upload before its bytes are stored. */
  async claim(uploadId: string, key: string): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      await lockKey(tx, key);
      await tx.execute(`insert into upload_media (upload_id, key) values (?, ?) on conflict do nothing`, [
        uploadId,
        key,
      ]);
    });
  }

  /** Inside the publishing transaction: the upload's pages become media objects, its claims go. */
  async commit(tx: Db, uploadId: string, objects: { key: string; bytes: number }[]): Promise<void> {
    await tx.execute(
      `insert into media_object (key, bytes)
       select o.key, o.bytes from jsonb_to_recordset(?::jsonb) as o(key text, bytes bigint)
       on conflict (key) do nothing`,
      [JSON.stringify(objects)],
    );
    await tx.execute('delete from upload_media where upload_id = ?', [uploadId]);
  }

  /**
   * The upload's processing will not publish (refused, failed for good, cancelled, deleted): its claims
   * go, and the objects it stored that are no media object and held by nothing else are deleted.
   */
  async release(uploadId: string): Promise<FreedMedia> {
    const claimed = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ key: string }[]>('select key from upload_media where upload_id = ?', [uploadId]);
    const freed: FreedMedia = { objects: 0, bytes: 0 };
    for (const { key } of claimed) {
      const bytes = await this.orm.em.fork().transactional(async (tx) => {
        await lockKey(tx, key);
        await tx.execute('delete from upload_media where upload_id = ? and key = ?', [uploadId, key]);
        if (await isHeld(tx, key, { ledger: true })) return null;
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
      const bytes = await this.orm.em.fork().transactional(async (tx) => {
        await lockKey(tx, key);
        if (await isHeld(tx, key, { ledger: false })) return null;
        const size = await this.deleteObject(key);
        await tx.execute('delete from media_object where key = ?', [key]);
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
    const db = this.orm.em.fork().getConnection();
    const listed = new Map<string, ListedMedia>();
    for await (const object of this.driver.list()) listed.set(object.key, object);
    const ledger = new Map(
      (await db.execute<{ key: string; created_at: Date }[]>('select key, created_at from media_object')).map(
        (row) => [row.key, new Date(row.created_at).getTime()],
      ),
    );
    const referenced = new Set(
      (
        await db.execute<{ key: string }[]>(
          `select media_key as key from page union select cover_key from series where cover_key is not null`,
        )
      ).map((row) => row.key),
    );
    const claimed = new Set(
      (await db.execute<{ key: string }[]>('select distinct key from upload_media')).map((row) => row.key),
    );

    const report: SweepReport = { objects: 0, bytes: 0, ledgerAdded: 0, ledgerRemoved: 0 };
    for (const object of listed.values()) {
      const { key } = object;
      if (referenced.has(key) || claimed.has(key)) continue;
      if (Math.max(object.modifiedAt.getTime(), ledger.get(key) ?? 0) > cutoff) continue;
      const bytes = await this.orm.em.fork().transactional(async (tx) => {
        await lockKey(tx, key);
        if (await isHeld(tx, key, { ledger: false })) return null;
        const [row] = await tx.execute<{ young: boolean }[]>(
          'select created_at > ? as young from media_object where key = ?',
          [new Date(cutoff), key],
        );
        if (row?.young) return null;
        await this.driver.delete(key);
        await tx.execute('delete from media_object where key = ?', [key]);
        return object.size;
      });
      if (bytes !== null) add(report, bytes);
    }
    for (const key of referenced) {
      const object = listed.get(key);
      if (!object || ledger.has(key)) continue;
      const inserted = await db.execute<{ key: string }[]>(
        'insert into media_object (key, bytes) values (?, ?) on conflict (key) do nothing returning key',
        [key, object.size],
      );
      report.ledgerAdded += inserted.length;
    }
    for (const [key, createdAt] of ledger) {
      // Rows written after the listing began may name objects the listing could not see yet.
      if (listed.has(key) || createdAt >= now.getTime()) continue;
      const removed = await this.orm.em.fork().transactional(async (tx) => {
        await lockKey(tx, key);
        if (await this.driver.exists(key)) return false;
        await tx.execute('delete from media_object where key = ?', [key]);
        return true;
      });
      if (!removed) continue;
      report.ledgerRemoved += 1;
      if (referenced.has(key)) this.logger.error(`media ${key} is referenced but missing from the store`);
    }
    await db.execute(
      'insert into media_sweep (objects, bytes, ledger_added, ledger_removed) values (?, ?, ?, ?)',
      [report.objects, report.bytes, report.ledgerAdded, report.ledgerRemoved],
    );
    this.logger.log(
      `swept ${listed.size} object(s): freed ${report.objects} (${report.bytes} bytes), ledger +${report.ledgerAdded} −${report.ledgerRemoved}`,
    );
    return report;
  }

  /** The last run of the collector, for the dashboard; null before the first. */
  async lastSweep(): Promise<{ finishedAt: string; objects: number; bytes: number } | null> {
    const [row] = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ finished_at: Date; objects: number; bytes: string | number }[]>(
        'select finished_at, objects, bytes from media_sweep order by id desc limit 1',
      );
    if (!row) return null;
    return {
      finishedAt: new Date(row.finished_at).toISOString(),
      objects: row.objects,
      bytes: Number(row.bytes),
    };
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

/** Serializes everything that claims or frees one key, until the transaction ends. */
async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`media:${key}`]);
}

/** Whether a page, a series cover or an upload names the key (and, when asked, the ledger has it). */
async function isHeld(tx: Db, key: string, { ledger }: { ledger: boolean }): Promise<boolean> {
  const rows = await tx.execute<{ held: boolean }[]>(
    `select exists (select 1 from page where media_key = ?)
         or exists (select 1 from series where cover_key = ?)
         or exists (select 1 from upload_media where key = ?)
         ${ledger ? 'or exists (select 1 from media_object where key = ?)' : ''} as held`,
    ledger ? [key, key, key, key] : [key, key, key],
  );
  return rows[0]?.held ?? true;
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
