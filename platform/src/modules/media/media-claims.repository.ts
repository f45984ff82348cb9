import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Db } from '../../database/transactions';

/** What one run of the garbage collector changed (a `media_sweep` row). */
export interface SweepCounts {
  objects: number;
  bytes: number;
  ledgerAdded: number;
  ledgerRemoved: number;
}

/**
 * The media collector's queries: upload claims (`upload_media`), the ledger rows it adds or removes
 * (`media_object`), its run log (`media_sweep`), and the reads of what pages and covers hold. Every
 * check-and-delete of one key runs inside {@link MediaClaimsRepository.underKeyLock}.
 */
@Injectable()
export class MediaClaimsRepository {
  constructor(private readonly orm: MikroORM) {}

  private get db(): Db {
    return this.orm.em.fork();
  }

  /** Runs `work` in its own transaction holding the key's lock, which claiming takes too. */
  underKeyLock<T>(key: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`media:${key}`]);
      return work(tx);
    });
  }

  async claim(tx: Db, uploadId: string, key: string): Promise<void> {
    await tx.execute(`insert into upload_media (upload_id, key) values (?, ?) on conflict do nothing`, [
      uploadId,
      key,
    ]);
  }

  /** Inside the publishing transaction: the pages become media objects, the upload's claims go. */
  async commit(tx: Db, uploadId: string, objects: { key: string; bytes: number }[]): Promise<void> {
    await tx.execute(
      `insert into media_object (key, bytes)
       select o.key, o.bytes from jsonb_to_recordset(?::jsonb) as o(key text, bytes bigint)
       on conflict (key) do nothing`,
      [JSON.stringify(objects)],
    );
    await tx.execute('delete from upload_media where upload_id = ?', [uploadId]);
  }

  async claimedBy(uploadId: string): Promise<string[]> {
    const rows = await this.db.execute<{ key: string }[]>(
      'select key from upload_media where upload_id = ?',
      [uploadId],
    );
    return rows.map((row) => row.key);
  }

  async unclaim(tx: Db, uploadId: string, key: string): Promise<void> {
    await tx.execute('delete from upload_media where upload_id = ? and key = ?', [uploadId, key]);
  }

  /** Whether a page or a series cover (or one of their renditions) or an upload names the key (and, when asked, the ledger has it). */
  async isHeld(tx: Db, key: string, { ledger }: { ledger: boolean }): Promise<boolean> {
    const rows = await tx.execute<{ held: boolean }[]>(
      `select exists (select 1 from page where media_key = ?)
           or exists (select 1 from page where renditions @> jsonb_build_array(jsonb_build_object('key', ?::text)))
           or exists (select 1 from series where cover_key = ?)
           or exists (select 1 from series where cover_renditions @> jsonb_build_array(jsonb_build_object('key', ?::text)))
           or exists (select 1 from upload_media where key = ?)
           ${ledger ? 'or exists (select 1 from media_object where key = ?)' : ''} as held`,
      ledger ? [key, key, key, key, key, key] : [key, key, key, key, key],
    );
    return rows[0]?.held ?? true;
  }

  /** Whether the ledger's last put of the key is after `cutoff` (a fresh put restarts the grace period). */
  async isLedgeredAfter(tx: Db, key: string, cutoff: Date): Promise<boolean> {
    const [row] = await tx.execute<{ young: boolean }[]>(
      'select created_at > ? as young from media_object where key = ?',
      [cutoff, key],
    );
    return row?.young ?? false;
  }

  async forget(tx: Db, key: string): Promise<void> {
    await tx.execute('delete from media_object where key = ?', [key]);
  }

  /** The ledger: each key with its last put, in milliseconds. */
  async ledgerTimes(): Promise<Map<string, number>> {
    const rows = await this.db.execute<{ key: string; created_at: Date }[]>(
      'select key, created_at from media_object',
    );
    return new Map(rows.map((row) => [row.key, new Date(row.created_at).getTime()]));
  }

  /** Every key a page, a series cover or one of their renditions names (the mark of mark-and-sweep). */
  async referencedKeys(): Promise<Set<string>> {
    const rows = await this.db.execute<{ key: string }[]>(
      `select media_key as key from page
       union select r->>'key' from page, jsonb_array_elements(page.renditions) r
       union select cover_key from series where cover_key is not null
       union select r->>'key' from series, jsonb_array_elements(series.cover_renditions) r`,
    );
    return new Set(rows.map((row) => row.key));
  }

  async claimedKeys(): Promise<Set<string>> {
    const rows = await this.db.execute<{ key: string }[]>('select distinct key from upload_media');
    return new Set(rows.map((row) => row.key));
  }

  /** A ledger row for a referenced object the ledger lacked; true when it was added. */
  async addLedgerRow(key: string, bytes: number): Promise<boolean> {
    const inserted = await this.db.execute<{ key: string }[]>(
      'insert into media_object (key, bytes) values (?, ?) on conflict (key) do nothing returning key',
      [key, bytes],
    );
    return inserted.length > 0;
  }

  async recordSweep(counts: SweepCounts): Promise<void> {
    await this.db.execute(
      'insert into media_sweep (objects, bytes, ledger_added, ledger_removed) values (?, ?, ?, ?)',
      [counts.objects, counts.bytes, counts.ledgerAdded, counts.ledgerRemoved],
    );
  }

  async lastSweep(): Promise<{ finishedAt: string; objects: number; bytes: number } | null> {
    const [row] = await this.db.execute<{ finished_at: Date; objects: number; bytes: string | number }[]>(
      'select finished_at, objects, bytes from media_sweep order by id desc limit 1',
    );
    if (!row) return null;
    return {
      finishedAt: new Date(row.finished_at).toISOString(),
      objects: row.objects,
      bytes: Number(row.bytes),
    };
  }
}
