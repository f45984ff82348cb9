import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type ChapterLanguage,
  type IngestFailure,
  type IngestState,
  RETRYABLE_INGEST_FAILURES,
  type SeriesType,
  type UploadMethod,
} from '@warraq/contracts';
import type { Db } from '../../database/transactions';

export interface UploadRow {
  id: string;
  uploader_id: number;
  series_id: number;
  slug: string;
  series_type: SeriesType;
  number: number;
  title: string | null;
  language: ChapterLanguage;
  translation_group: string | null;
  upload_method: UploadMethod;
  state: IngestState;
  processed: number;
  total: number | null;
  chapter_id: number | null;
  failure: IngestFailure | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface UploadFileRow {
  index: number;
  name: string;
  size: number;
  declared_type: string;
  received: boolean;
}

export interface UploadWithFiles extends UploadRow {
  files: UploadFileRow[];
}

export interface NewUpload {
  id: string;
  uploaderId: number;
  seriesId: number;
  number: number;
  title: string | null;
  language: ChapterLanguage;
  translationGroup: string | null;
  notes: string | null;
  uploadMethod: UploadMethod;
  files: { name: string; size: number; type: string }[];
}

const UPLOAD_COLUMNS = `u.id, u.uploader_id, u.series_id, s.slug, s.type as series_type, u.number::float8 as number, u.title, u.language,
  u.translation_group, u.upload_method, u.state, u.processed, u.total, u.chapter_id, u.failure,
  u.created_at, u.updated_at`;

/** A commit's place in the queue: how many of the uploader's uploads are ahead, or why there is none. */
export type QueueSlot = { ahead: number } | 'busy' | null;

/** The states in which a job for the upload should exist in the queue. */
export const UNSETTLED_STATES: readonly IngestState[] = ['queued', 'processing'];

/** Every query of the ingest records (raw SQL: each statement is one atomic state transition). */
@Injectable()
export class IngestRepository {
  constructor(private readonly orm: MikroORM) {}

  private get db(): Db {
    return this.orm.em;
  }

  /**
   * Inserts the upload and its files, unless the uploader already holds `maxOpen` open uploads — still
   * receiving files, or failed and keeping them for a retry — (checked under a per-user lock, so
   * parallel declarations cannot overshoot).
   */
  async insert(upload: NewUpload, maxOpen: number): Promise<boolean> {
    return this.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('chapter_upload'), ?)`, [upload.uploaderId]);
      const open = await tx.execute<{ n: number }[]>(
        // Open: still receiving files, or failed with its originals kept for a retry (both hold disk).
        `select count(*)::int as n from chapter_upload
          where uploader_id = ? and (state = 'receiving' or (state = 'failed' and failure->>'code' in (?)))`,
        [upload.uploaderId, [...RETRYABLE_INGEST_FAILURES]],
      );
      if ((open[0]?.n ?? 0) >= maxOpen) return false;
      await tx.execute(
        `insert into chapter_upload (id, uploader_id, series_id, number, title, language, translation_group,
           notes, upload_method, state)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'receiving')`,
        [
          upload.id,
          upload.uploaderId,
          upload.seriesId,
          upload.number,
          upload.title,
          upload.language,
          upload.translationGroup,
          upload.notes,
          upload.uploadMethod,
        ],
      );
      await tx.execute(
        `insert into chapter_upload_file (upload_id, index, name, size, declared_type)
         select ?, f.ordinality - 1, f.value->>'name', (f.value->>'size')::int, f.value->>'type'
         from jsonb_array_elements(?::jsonb) with ordinality as f(value, ordinality)`,
        [upload.id, JSON.stringify(upload.files)],
      );
      return true;
    });
  }

  async find(uploadId: string, db: Db = this.db): Promise<UploadRow | null> {
    const rows = await db.execute<UploadRow[]>(
      `select ${UPLOAD_COLUMNS} from chapter_upload u join series s on s.id = u.series_id where u.id = ?`,
      [uploadId],
    );
    return rows[0] ?? null;
  }

  /** The upload and its files in declared order: everything its status answer shows. */
  async findWithFiles(uploadId: string): Promise<UploadWithFiles | null> {
    const rows = await this.db.execute<UploadWithFiles[]>(
      `select ${UPLOAD_COLUMNS}, coalesce((
         select json_agg(json_build_object('index', f.index, 'name', f.name, 'size', f.size,
           'declared_type', f.declared_type, 'received', f.received_at is not null) order by f.index)
         from chapter_upload_file f where f.upload_id = u.id), '[]'::json) as files
       from chapter_upload u join series s on s.id = u.series_id where u.id = ?`,
      [uploadId],
    );
    return rows[0] ?? null;
  }

  async file(uploadId: string, index: number): Promise<UploadFileRow | null> {
    const rows = await this.db.execute<UploadFileRow[]>(
      `select index, name, size, declared_type, received_at is not null as received
       from chapter_upload_file where upload_id = ? and index = ?`,
      [uploadId, index],
    );
    return rows[0] ?? null;
  }

  /** Locks the upload row for the rest of the transaction and returns its state. */
  async lockState(tx: Db, uploadId: string): Promise<IngestState | null> {
    const rows = await tx.execute<{ state: IngestState }[]>(
      'select state from chapter_upload where id = ? for update',
      [uploadId],
    );
    return rows[0]?.state ?? null;
  }

  async markReceived(tx: Db, uploadId: string, index: number, sha256: string): Promise<void> {
    await tx.execute(
      `update chapter_upload_file set received_at = now(), sha256 = ? where upload_id = ? and index = ?`,
      [sha256, uploadId, index],
    );
    await tx.execute('update chapter_upload set updated_at = now() where id = ?', [uploadId]);
  }

  /**
   * receiving → queued, only when every file is received and the uploader has fewer than `maxQueued`
   * uploads queued or processing (counted under a per-user lock, so parallel commits cannot
   * overshoot). 'busy' at the cap; null when another request won or a file is missing; else how many
   * of the uploader's uploads are ahead of this one.
   */
  async markQueued(uploadId: string, uploaderId: number, maxQueued: number): Promise<QueueSlot> {
    return this.takeQueueSlot(uploadId, uploaderId, maxQueued, (tx) =>
      tx.execute<{ id: string }[]>(
        `update chapter_upload u set state = 'queued', updated_at = now()
         where u.id = ? and u.state = 'receiving'
           and not exists (select 1 from chapter_upload_file f where f.upload_id = u.id and f.received_at is null)
         returning u.id`,
        [uploadId],
      ),
    );
  }

  /** How many of the uploader's other uploads are queued or processing. */
  async queuedAhead(uploaderId: number, uploadId: string, db: Db = this.db): Promise<number> {
    const rows = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from chapter_upload
       where uploader_id = ? and id <> ? and state in ('queued', 'processing')`,
      [uploaderId, uploadId],
    );
    return rows[0]?.n ?? 0;
  }

  private takeQueueSlot(
    uploadId: string,
    uploaderId: number,
    maxQueued: number,
    transition: (tx: Db) => Promise<{ id: string }[]>,
  ): Promise<QueueSlot> {
    return this.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('chapter_upload_queue'), ?)`, [uploaderId]);
      const ahead = await this.queuedAhead(uploaderId, uploadId, tx);
      if (ahead >= maxQueued) return 'busy';
      return (await transition(tx)).length > 0 ? { ahead } : null;
    });
  }

  /** Undoes markQueued when the job could not be added: nothing was acknowledged. */
  async unqueue(uploadId: string): Promise<void> {
    await this.db.execute(
      `update chapter_upload set state = 'receiving', updated_at = now() where id = ? and state = 'queued'`,
      [uploadId],
    );
  }

  /** failed → queued, starting from nothing again, under the same per-user cap as markQueued. */
  async markRetried(uploadId: string, uploaderId: number, maxQueued: number): Promise<QueueSlot> {
    return this.takeQueueSlot(uploadId, uploaderId, maxQueued, (tx) =>
      tx.execute<{ id: string }[]>(
        `update chapter_upload set state = 'queued', failure = null, processed = 0, total = null, updated_at = now()
         where id = ? and state = 'failed' returning id`,
        [uploadId],
      ),
    );
  }

  /** Undoes markRetried when the job could not be added, restoring the failure the uploader saw. */
  async unretry(uploadId: string, failure: IngestFailure | null): Promise<void> {
    await this.db.execute(
      `update chapter_upload set state = 'failed', failure = ?::jsonb, updated_at = now()
       where id = ? and state = 'queued'`,
      [JSON.stringify(failure), uploadId],
    );
  }

  /** queued (or processing, after a crash) → processing, from zero. False when nothing is to do. */
  async markProcessing(uploadId: string): Promise<boolean> {
    const rows = await this.db.execute<{ id: string }[]>(
      `update chapter_upload set state = 'processing', processed = 0, total = null, failure = null, updated_at = now()
       where id = ? and state in ('queued', 'processing') returning id`,
      [uploadId],
    );
    return rows.length > 0;
  }

  async saveProgress(uploadId: string, processed: number, total: number | null): Promise<void> {
    await this.db.execute(
      `update chapter_upload set processed = ?, total = ?, updated_at = now() where id = ? and state = 'processing'`,
      [processed, total, uploadId],
    );
  }

  /** processing → queued: the worker is stopping and hands the chapter back. */
  async handBack(uploadId: string): Promise<void> {
    await this.db.execute(
      `update chapter_upload set state = 'queued', updated_at = now() where id = ? and state = 'processing'`,
      [uploadId],
    );
  }

  async markFailed(uploadId: string, failure: IngestFailure, db: Db = this.db): Promise<void> {
    await db.execute(
      `update chapter_upload set state = 'failed', failure = ?::jsonb, updated_at = now()
       where id = ? and state in ('queued', 'processing')`,
      [JSON.stringify(failure), uploadId],
    );
  }

  /** Inside the publishing transaction: the upload is done, with its chapter and page count. */
  async markDone(tx: Db, uploadId: string, chapterId: number, pageCount: number): Promise<void> {
    await tx.execute(
      `update chapter_upload set state = 'done', chapter_id = ?, processed = ?, total = ?, failure = null,
         updated_at = now() where id = ?`,
      [chapterId, pageCount, pageCount, uploadId],
    );
  }

  /** Ids of every upload of a series (any state), read in the caller's transaction. */
  async idsOfSeries(db: Db, seriesId: number): Promise<string[]> {
    const rows = await db.execute<{ id: string }[]>('select id from chapter_upload where series_id = ?', [
      seriesId,
    ]);
    return rows.map((r) => r.id);
  }

  /** Deletes an upload that is not being processed and not done. False when it could not be. */
  async deleteSettled(uploadId: string): Promise<boolean> {
    const rows = await this.db.execute<{ id: string }[]>(
      `delete from chapter_upload where id = ? and state in ('receiving', 'queued', 'failed') returning id`,
      [uploadId],
    );
    return rows.length > 0;
  }

  /** Uploads that should have a job in the queue. */
  async unsettled(): Promise<{ id: string; state: IngestState; uploader_id: number }[]> {
    return this.db.execute(
      `select id, state, uploader_id from chapter_upload where state in ('queued', 'processing') order by created_at`,
    );
  }

  /** Deletes uploads left receiving files since before `before`; returns their ids. */
  async deleteAbandoned(before: Date): Promise<string[]> {
    const rows = await this.db.execute<{ id: string }[]>(
      `delete from chapter_upload where state = 'receiving' and updated_at < ? returning id`,
      [before],
    );
    return rows.map((r) => r.id);
  }
}
