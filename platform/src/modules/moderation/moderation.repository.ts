import { DeadlockException } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  ContentKind,
  ModerationAction,
  ModerationLogQuery,
  ModerationStatus,
  PendingCountResponse,
  SeriesType,
} from '@warraq/contracts';
import { SEARCH_SIMILARITY } from '../series/series.repository';
import { escapeLike } from '../users/users.repository';
import type { QueueRow } from './moderation.mapper';

/** Where a query runs: the shared pool, or the EntityManager of an open transaction. */
export type ModerationDb = Pick<EntityManager, 'execute'>;
type LockMode = 'update' | 'no key update' | null;

/** A series or chapter row as the locks read it, in one shape for both. */
interface LockedRow {
  id: number;
  status: ModerationStatus;
  owner_id: number | null;
  series_id: number;
  slug: string;
  title: string;
  number: number | null;
  cover_key: string | null;
}

export interface QueueFilter {
  status: ModerationStatus;
  type?: SeriesType | undefined;
  contentType?: ContentKind | undefined;
  /** Folded with normalizeSearchText (matched against series.search_text). */
  search?: string | undefined;
  /** The query as typed, trimmed (matched against chapter titles). */
  rawSearch?: string | undefined;
  page: number;
  limit: number;
}

/** A series or chapter as a moderation action sees it, read under its row lock. */
export interface LockedItem {
  contentType: ContentKind;
  id: number;
  status: ModerationStatus;
  ownerId: number | null;
  seriesId: number;
  slug: string;
  seriesTitle: string;
  /** Chapters only. */
  number: number | null;
  coverKey: string | null;
}

export interface ModerationLogRow {
  id: number;
  action: ModerationAction;
  content_type: ContentKind;
  content_id: number;
  title: string;
  actor_id: number | null;
  actor_username: string | null;
  from_status: ModerationStatus;
  note: string | null;
  created_at: Date | string;
}

/** A JS string array as a SQL text[] (params are inlined by the driver, so arrays go through JSON). */
const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))::text[]';
const DEADLOCK_RETRIES = 3;

/** The moderation queue, its locks and its log (raw SQL: each action is a handful of statements). */
@Injectable()
export class ModerationRepository {
  constructor(private readonly orm: MikroORM) {}

  private get db(): ModerationDb {
    return this.orm.em;
  }

  /**
   * Runs `work` in one transaction. Actions lock rows in different orders (a chapter then its series'
   * counters; a series then its cascading chapters), so Postgres may break a rare deadlock by
   * aborting one side: that side is simply run again, and then sees the other's outcome.
   */
  async transaction<T>(work: (tx: ModerationDb) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.orm.em.fork().transactional((tx) => work(tx));
      } catch (error) {
        if (!(error instanceof DeadlockException) || attempt >= DEADLOCK_RETRIES) throw error;
      }
    }
  }

  /** Both halves of the queue (or the one asked for) as one select, with its parameters. */
  private queueUnion(filter: QueueFilter): { sql: string; params: unknown[] } {
    const branches: string[] = [];
    const params: unknown[] = [];
    const similar = `word_similarity(?, s.search_text) > ${SEARCH_SIMILARITY}`;
    if (filter.contentType !== 'chapter') {
      const where = ['s.moderation_status = ?'];
      params.push(filter.status);
      if (filter.type) {
        where.push('s.type = ?');
        params.push(filter.type);
      }
      if (filter.search) {
        where.push(`(s.search_text ilike ? or ${similar})`);
        params.push(`%${escapeLike(filter.search)}%`, filter.search);
      }
      branches.push(
        `select 'series'::text as content_type, s.id, s.type, s.created_by as owner_id, s.created_at,
           s.moderation_status as status, s.id as series_id, s.slug, s.title as series_title,
           null::float8 as number, null::text as language, null::int as page_count
         from series s where ${where.join(' and ')}`,
      );
    }
    if (filter.contentType !== 'series') {
      const where = ['c.moderation_status = ?'];
      params.push(filter.status);
      if (filter.type) {
        where.push('s.type = ?');
        params.push(filter.type);
      }
      if (filter.search) {
        // A chapter is found by its series' titles (folded, typo-tolerant) or its own title.
        where.push(`(s.search_text ilike ? or ${similar} or c.title ilike ?)`);
        params.push(
          `%${escapeLike(filter.search)}%`,
          filter.search,
          `%${escapeLike(filter.rawSearch ?? filter.search)}%`,
        );
      }
      branches.push(
        `select 'chapter'::text as content_type, c.id, s.type, c.uploader_id as owner_id, c.created_at,
           c.moderation_status as status, s.id as series_id, s.slug, s.title as series_title,
           c.number::float8 as number, c.language::text as language, c.page_count
         from chapter c join series s on s.id = c.series_id where ${where.join(' and ')}`,
      );
    }
    return { sql: branches.join(' union all '), params };
  }

  /**
   * One page of the queue, newest first, each row with its creator and its last decision. Ids of
   * series and chapters may coincide: the content type settles the order of such a pair.
   */
  queuePage(filter: QueueFilter): Promise<QueueRow[]> {
    const { sql, params } = this.queueUnion(filter);
    return this.db.execute<QueueRow[]>(
      `select i.content_type, i.id, i.type, u.username as creator, i.created_at, i.status, i.series_id,
         i.slug, i.series_title, i.number, i.language, i.page_count,
         r.action as review_action, ru.username as review_by, r.created_at as review_at, r.note as review_note
       from (select * from (${sql}) q order by created_at desc, id desc, content_type desc limit ? offset ?) i
       left join "user" u on u.id = i.owner_id
       left join lateral (
         select l.action, l.actor_id, l.created_at, l.note from moderation_log l
         where l.content_type = i.content_type and l.content_id = i.id and l.action in ('approve', 'reject')
         order by l.created_at desc, l.id desc limit 1) r on true
       left join "user" ru on ru.id = r.actor_id
       order by i.created_at desc, i.id desc, i.content_type desc`,
      [...params, filter.limit, (filter.page - 1) * filter.limit],
    );
  }

  async queueCount(filter: QueueFilter): Promise<number> {
    const { sql, params } = this.queueUnion(filter);
    const rows = await this.db.execute<{ n: number }[]>(`select count(*)::int as n from (${sql}) q`, params);
    return rows[0]?.n ?? 0;
  }

  async pendingCounts(): Promise<PendingCountResponse> {
    const rows = await this.db.execute<{ series: number; chapters: number }[]>(
      `select (select count(*)::int from series where moderation_status = 'pending') as series,
              (select count(*)::int from chapter where moderation_status = 'pending') as chapters`,
    );
    const series = rows[0]?.series ?? 0;
    const chapters = rows[0]?.chapters ?? 0;
    return { series, chapters, total: series + chapters };
  }

  /** The queue title of one item, read outside any action (announcing a new submission). */
  async describe(contentType: ContentKind, id: number): Promise<LockedItem | null> {
    return contentType === 'series'
      ? this.lockSeries(this.db, id, null)
      : this.lockChapter(this.db, id, null);
  }

  /**
   * Reads a series and locks its row until the transaction ends: `update` for a delete (it conflicts
   * with everything), `no key update` for a status change (likes and views may still reference it).
   */
  lockSeries(tx: ModerationDb, id: number, mode: LockMode): Promise<LockedItem | null> {
    return this.lockItem(
      tx,
      'series',
      `select id, moderation_status as status, created_by as owner_id, id as series_id, slug, title,
         null::float8 as number, cover_key
       from series where id = ? ${mode ? `for ${mode}` : ''}`,
      id,
    );
  }

  /** Reads a chapter with its series' names and locks the chapter row (see lockSeries). */
  lockChapter(tx: ModerationDb, id: number, mode: LockMode): Promise<LockedItem | null> {
    return this.lockItem(
      tx,
      'chapter',
      `select c.id, c.moderation_status as status, c.uploader_id as owner_id, c.series_id, s.slug, s.title,
         c.number::float8 as number, null as cover_key
       from chapter c join series s on s.id = c.series_id where c.id = ? ${mode ? `for ${mode} of c` : ''}`,
      id,
    );
  }

  private async lockItem(
    tx: ModerationDb,
    contentType: ContentKind,
    sql: string,
    id: number,
  ): Promise<LockedItem | null> {
    const [row] = await tx.execute<LockedRow[]>(sql, [id]);
    if (!row) return null;
    return {
      contentType,
      id: row.id,
      status: row.status,
      ownerId: row.owner_id,
      seriesId: row.series_id,
      slug: row.slug,
      seriesTitle: row.title,
      number: row.number,
      coverKey: row.cover_key,
    };
  }

  async setSeriesStatus(tx: ModerationDb, id: number, status: ModerationStatus): Promise<void> {
    await tx.execute('update series set moderation_status = ?, updated_at = now() where id = ?', [
      status,
      id,
    ]);
  }

  /** A chapter approved for the first time is published now; a re-approved one keeps its date. */
  async setChapterStatus(tx: ModerationDb, id: number, status: ModerationStatus): Promise<void> {
    await tx.execute(
      `update chapter set moderation_status = ?,
         published_at = case when ? = 'approved' then coalesce(published_at, now()) else published_at end
       where id = ?`,
      [status, status, id],
    );
  }

  /**
   * Whether another variant identical to this chapter (number, language, group ignoring case) is
   * already published or waiting: approving a rejected chapter must not make two of one variant.
   */
  async duplicateVariant(tx: ModerationDb, chapterId: number): Promise<boolean> {
    const rows = await tx.execute<{ found: number }[]>(
      `select 1 as found from chapter c join chapter o on o.series_id = c.series_id and o.number = c.number
         and o.language = c.language
         and lower(coalesce(o.translation_group, '')) = lower(coalesce(c.translation_group, ''))
       where c.id = ? and o.id <> c.id and o.moderation_status <> 'rejected' limit 1`,
      [chapterId],
    );
    return rows.length > 0;
  }

  /** Media keys the item's rows name: page images (and the cover of a series). */
  async mediaKeys(tx: ModerationDb, item: LockedItem): Promise<string[]> {
    const rows = await tx.execute<{ key: string }[]>(
      item.contentType === 'series'
        ? `select distinct p.media_key as key from page p join chapter c on c.id = p.chapter_id where c.series_id = ?`
        : 'select distinct media_key as key from page where chapter_id = ?',
      [item.id],
    );
    const keys = rows.map((r) => r.key);
    if (item.coverKey && !keys.includes(item.coverKey)) keys.push(item.coverKey);
    return keys;
  }

  /** Uploads of a series (any state): their folders go with it. */
  async uploadIds(tx: ModerationDb, seriesId: number): Promise<string[]> {
    const rows = await tx.execute<{ id: string }[]>('select id from chapter_upload where series_id = ?', [
      seriesId,
    ]);
    return rows.map((r) => r.id);
  }

  /** Deletes the row; the schema cascades to pages, likes, views, progress (and a series' chapters). */
  async deleteItem(tx: ModerationDb, item: LockedItem): Promise<void> {
    await tx.execute(`delete from ${item.contentType === 'series' ? 'series' : 'chapter'} where id = ?`, [
      item.id,
    ]);
  }

  /** Of `keys`, those no page and no series cover names any more. */
  async unreferenced(tx: ModerationDb, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await tx.execute<{ key: string }[]>(
      `select k as key from unnest(${TEXT_ARRAY}) as k
       where not exists (select 1 from page p where p.media_key = k)
         and not exists (select 1 from series s where s.cover_key = k)`,
      [JSON.stringify(keys)],
    );
    return rows.map((r) => r.key);
  }

  async insertLog(
    tx: ModerationDb,
    entry: {
      actorId: number;
      action: ModerationAction;
      item: LockedItem;
      title: string;
      note: string | null;
    },
  ): Promise<void> {
    await tx.execute(
      `insert into moderation_log (actor_id, action, content_type, content_id, title, from_status, note)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.actorId,
        entry.action,
        entry.item.contentType,
        entry.item.id,
        entry.title.slice(0, 400),
        entry.item.status,
        entry.note,
      ],
    );
  }

  async logPage(query: ModerationLogQuery): Promise<{ rows: ModerationLogRow[]; total: number }> {
    const where = query.action ? 'where l.action = ?' : '';
    const params: unknown[] = query.action ? [query.action] : [];
    const [rows, counted] = await Promise.all([
      this.db.execute<ModerationLogRow[]>(
        `select l.id, l.action, l.content_type, l.content_id, l.title, l.actor_id, u.username as actor_username,
           l.from_status, l.note, l.created_at
         from moderation_log l left join "user" u on u.id = l.actor_id ${where}
         order by l.created_at desc, l.id desc limit ? offset ?`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ),
      this.db.execute<{ n: number }[]>(`select count(*)::int as n from moderation_log l ${where}`, params),
    ]);
    return { rows, total: counted[0]?.n ?? 0 };
  }
}
