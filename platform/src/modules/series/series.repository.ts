import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  Category,
  ModerationStatus,
  Origin,
  SeriesSort,
  SeriesStatus,
  SeriesType,
} from '@warraq/contracts';
import { escapeLike } from '../users/users.repository';
import type { Db } from '../../database/transactions';
import { type LockedItem, type LockedRow, type LockMode, toLockedItem } from './moderation-queue.mapper';
import type { CoverRenditionRow } from '../media/cover-renditions';
import { READER_SQL } from './reader.sql';
import { type ChapterVariantRow, SUMMARY_COLUMNS, type SeriesSummaryRow } from './series.mapper';

/** The home feed's optional type filter, as a clause on the series alias `s` and its parameters. */
function ofType(type: SeriesType | undefined): { sql: string; params: string[] } {
  return type ? { sql: 'and s.type = ?', params: [type] } : { sql: '', params: [] };
}

/** A folded query matches by substring, or by trigram word similarity above this (one typo). */
export const SEARCH_SIMILARITY = 0.4;

export interface SeriesListFilter {
  type?: SeriesType | undefined;
  moderationStatus: ModerationStatus;
  seriesStatus?: SeriesStatus | undefined;
  category?: Category | undefined;
  /** Already folded with normalizeSearchText. */
  search?: string | undefined;
  sort?: SeriesSort | undefined;
  page: number;
  limit: number;
  /** Decoded keyset cursors: the sort key of the last row before, or the first row after, the page. */
  after?: unknown[] | undefined;
  before?: unknown[] | undefined;
}

export interface SeriesHeaderRow {
  id: number;
  slug: string;
  title: string;
  type: SeriesType;
  moderation_status: ModerationStatus;
  created_by: number | null;
}

/** What access checks on a series need, with the counters its reactions answer. */
export interface SeriesAccessRow {
  id: number;
  moderation_status: ModerationStatus;
  created_by: number | null;
  favorite_count: number;
  rating_sum: number;
  rating_count: number;
}

export interface SeriesDetailRow extends SeriesSummaryRow {
  description: string;
  created_by: number | null;
  creator_username: string | null;
}

export interface LatestUpdateRow {
  id: number;
  slug: string;
  type: SeriesType;
  series_title: string;
  cover_key: string | null;
  cover_width: number | null;
  cover_renditions: CoverRenditionRow[];
  title: string | null;
  number: number;
  language: ChapterVariantRow['language'];
  translation_group: string | null;
  released_at: Date | string;
  view_count: number;
}

export interface NewSeriesData {
  type: SeriesType;
  slug: string;
  title: string;
  originalTitle: string | null;
  altTitles: string[];
  description: string;
  coverKey?: string | null;
  coverWidth?: number | null;
  coverHeight?: number | null;
  /** The cover's narrower copies (media/cover-renditions.ts). */
  coverRenditions?: CoverRenditionRow[];
  status: SeriesStatus;
  origin: Origin | null;
  year: number | null;
  author: string | null;
  artist: string | null;
  tags: string[];
  moderationStatus: ModerationStatus;
  createdBy: number | null;
  searchText: string;
}

export type SortCast = 'timestamptz' | 'int' | 'text' | 'float8' | 'bigint';
const RATING_EXPR = '(case when s.rating_count > 0 then s.rating_sum::float8 / s.rating_count else 0 end)';
const POPULARITY_EXPR = '(s.view_count + 5 * s.like_count + 10 * s.favorite_count)::bigint';
const CREATED = { expr: 's.created_at', cast: 'timestamptz' } as const;
const TITLE = { expr: 's.title', cast: 'text' } as const;
const ID = { expr: 's.id', cast: 'int' } as const;

/**
 * Every sort as the key it orders by (all columns one direction, ending with the id), so a page can
 * be found by keyset — `(key) < (cursor)` — as well as by offset.
 */
const SORT_KEYS: Record<
  SeriesSort,
  { keys: readonly { expr: string; cast: SortCast }[]; dir: 'asc' | 'desc' }
> = {
  latest: { keys: [CREATED, ID], dir: 'desc' },
  oldest: { keys: [CREATED, ID], dir: 'asc' },
  az: { keys: [TITLE, ID], dir: 'asc' },
  za: { keys: [TITLE, ID], dir: 'desc' },
  rating: {
    keys: [{ expr: RATING_EXPR, cast: 'float8' }, { expr: 's.rating_count', cast: 'int' }, ID],
    dir: 'desc',
  },
  popular: { keys: [{ expr: POPULARITY_EXPR, cast: 'bigint' }, ID], dir: 'desc' },
};

/** The SQL type of each part of a sort's key, which a cursor's parts must fit. */
export function sortKeyCasts(sort: SeriesSort | undefined): SortCast[] {
  return SORT_KEYS[sort ?? 'latest'].keys.map((key) => key.cast);
}

function orderBy(sort: SeriesSort | undefined, reverse = false): string {
  const { keys, dir } = SORT_KEYS[sort ?? 'latest'];
  const direction = reverse ? (dir === 'asc' ? 'desc' : 'asc') : dir;
  return keys.map((key) => `${key.expr} ${direction}`).join(', ');
}

/** A JS string array as a SQL text[] (params are inlined by the driver, so arrays go through JSON). */
export const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))::text[]`;

/** Series queries: raw SQL on the hot read paths (lists, detail, feeds). */
@Injectable()
export class SeriesRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  /** The series of a reader URL segment: its slug, or its numeric id (the spec links by either). */
  async header(slugOrId: string): Promise<SeriesHeaderRow | null> {
    const bySlug = await this.run<SeriesHeaderRow>(READER_SQL.seriesBySlug, [slugOrId]);
    if (bySlug[0]) return bySlug[0];
    if (!/^\d{1,9}$/.test(slugOrId)) return null;
    return this.headerById(Number(slugOrId));
  }

  async headerById(id: number): Promise<SeriesHeaderRow | null> {
    const rows = await this.run<SeriesHeaderRow>(READER_SQL.seriesById, [id]);
    return rows[0] ?? null;
  }

  async access(seriesId: number): Promise<SeriesAccessRow | null> {
    const rows = await this.run<SeriesAccessRow>(
      `select id, moderation_status, created_by, favorite_count, rating_sum, rating_count from series where id = ?`,
      [seriesId],
    );
    return rows[0] ?? null;
  }

  /**
   * Locks the series row for the rest of `tx` (`for update`): serializes what must not interleave
   * per series, e.g. two uploads of one variant, or two ratings applying their deltas.
   */
  async lock(tx: Db, seriesId: number): Promise<void> {
    await tx.execute('select id from series where id = ? for update', [seriesId]);
  }

  /** The WHERE and ORDER BY of a listing, shared by its page and its count. */
  private listing(filter: SeriesListFilter) {
    const where: string[] = ['s.moderation_status = ?'];
    const params: unknown[] = [filter.moderationStatus];
    if (filter.type) {
      where.push('s.type = ?');
      params.push(filter.type);
    }
    if (filter.seriesStatus) {
      where.push('s.status = ?');
      params.push(filter.seriesStatus);
    }
    if (filter.category) {
      where.push(`s.tags @> ${TEXT_ARRAY}`);
      params.push(JSON.stringify([filter.category]));
    }
    let order = orderBy(filter.sort);
    const orderParams: unknown[] = [];
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      where.push(`(s.search_text ilike ? or word_similarity(?, s.search_text) > ${SEARCH_SIMILARITY})`);
      params.push(pattern, filter.search);
      if (!filter.sort) {
        order =
          '(s.search_text ilike ?) desc, word_similarity(?, s.search_text) desc, s.view_count desc, s.id desc';
        orderParams.push(pattern, filter.search);
      }
    }
    // Search results ranked by likeness have no stable key to seek by: they page by offset only.
    const keyset = !filter.search || filter.sort !== undefined;
    return { whereSql: where.join(' and '), params, order, orderParams, keyset };
  }

  /**
   * One page of a listing, each row with its `sort_key`. With a cursor (a neighbouring page's edge
   * key) the page is sought by keyset; otherwise rows are skipped by offset.
   */
  async page(filter: SeriesListFilter): Promise<(SeriesSummaryRow & { sort_key: unknown[] })[]> {
    const { whereSql, params, order, orderParams, keyset } = this.listing(filter);
    const { keys, dir } = SORT_KEYS[filter.sort ?? 'latest'];
    const sortKey = `json_build_array(${keys.map((key) => key.expr).join(', ')}) as sort_key`;
    const cursor = keyset ? (filter.after ?? filter.before) : undefined;
    if (!cursor) {
      return this.run(
        `select ${SUMMARY_COLUMNS}, ${sortKey} from series s where ${whereSql} order by ${order} limit ? offset ?`,
        [...params, ...orderParams, filter.limit, (filter.page - 1) * filter.limit],
      );
    }
    const backwards = filter.after === undefined;
    const comparison = (dir === 'desc') !== backwards ? '<' : '>';
    const seek = `(${keys.map((key) => key.expr).join(', ')}) ${comparison} (${keys.map((key) => `?::${key.cast}`).join(', ')})`;
    const rows = await this.run<SeriesSummaryRow & { sort_key: unknown[] }>(
      `select ${SUMMARY_COLUMNS}, ${sortKey} from series s where ${whereSql} and ${seek}
       order by ${orderBy(filter.sort, backwards)} limit ?`,
      [...params, ...cursor, filter.limit],
    );
    return backwards ? rows.reverse() : rows;
  }

  async count(filter: SeriesListFilter): Promise<number> {
    const { whereSql, params } = this.listing(filter);
    const rows = await this.run<{ total: number }>(
      `select count(*)::int as total from series s where ${whereSql}`,
      params,
    );
    return rows[0]?.total ?? 0;
  }

  /** How many rows of a listing each type has (the search page's facets), in one grouped scan. */
  async countByType(filter: Omit<SeriesListFilter, 'type'>): Promise<Partial<Record<SeriesType, number>>> {
    const { whereSql, params } = this.listing({ ...filter, type: undefined });
    const rows = await this.run<{ type: SeriesType; total: number }>(
      `select s.type, count(*)::int as total from series s where ${whereSql} group by s.type`,
      params,
    );
    return Object.fromEntries(rows.map((row) => [row.type, row.total]));
  }

  /** Approved series created in the last 90 days, by views and likes. */
  popularNew(limit: number, type?: SeriesType): Promise<SeriesSummaryRow[]> {
    const only = ofType(type);
    return this.run(
      `select ${SUMMARY_COLUMNS} from series s
       where s.moderation_status = 'approved' and s.created_at > now() - interval '90 days' ${only.sql}
       order by (s.view_count + s.like_count) desc, s.id desc limit ?`,
      [...only.params, limit],
    );
  }

  /** Approved series with approved chapters published this season (the last 3 months), by views. */
  seasonal(limit: number, type?: SeriesType): Promise<SeriesSummaryRow[]> {
    const only = ofType(type);
    return this.run(
      `select ${SUMMARY_COLUMNS} from series s
       where s.moderation_status = 'approved' ${only.sql} and exists (
         select 1 from chapter c where c.series_id = s.id and c.moderation_status = 'approved'
           and c.published_at > now() - interval '3 months')
       order by s.view_count desc, s.id desc limit ?`,
      [...only.params, limit],
    );
  }

  recent(limit: number, type?: SeriesType): Promise<SeriesSummaryRow[]> {
    const only = ofType(type);
    return this.run(
      `select ${SUMMARY_COLUMNS} from series s where s.moderation_status = 'approved' ${only.sql}
       order by s.created_at desc, s.id desc limit ?`,
      [...only.params, limit],
    );
  }

  latestUpdates(limit: number, type?: SeriesType): Promise<LatestUpdateRow[]> {
    const only = ofType(type);
    return this.run(
      `select c.id, s.slug, s.type, s.title as series_title, s.cover_key, s.cover_width, s.cover_renditions, c.title,
         c.number::float8 as number, c.language, c.translation_group, c.published_at as released_at,
         c.view_count
       from chapter c join series s on s.id = c.series_id
       where c.moderation_status = 'approved' and s.moderation_status = 'approved' and c.published_at is not null
         ${only.sql}
       order by c.published_at desc, c.id desc limit ?`,
      [...only.params, limit],
    );
  }

  async findDetail(by: { slug: string } | { id: number }): Promise<SeriesDetailRow | null> {
    const rows = await this.run<SeriesDetailRow>(
      `select ${SUMMARY_COLUMNS}, s.description, s.created_by, u.username as creator_username
       from series s left join "user" u on u.id = s.created_by
       where ${'slug' in by ? 's.slug = ?' : 's.id = ?'}`,
      ['slug' in by ? by.slug : by.id],
    );
    return rows[0] ?? null;
  }

  /** Up to `limit` approved series sharing the most tags with this one. */
  related(seriesId: number, tags: string[], limit: number): Promise<SeriesSummaryRow[]> {
    if (tags.length === 0) return Promise.resolve([]);
    const tagsJson = JSON.stringify(tags);
    return this.run(
      `select ${SUMMARY_COLUMNS} from series s
       where s.moderation_status = 'approved' and s.id <> ? and s.tags && ${TEXT_ARRAY}
       order by (select count(*) from unnest(s.tags) t where t = any(${TEXT_ARRAY})) desc,
         s.view_count desc, s.id desc
       limit ?`,
      [seriesId, tagsJson, tagsJson, limit],
    );
  }

  /** Slugs equal to `base` or `base-<n>`. */
  async insert(data: NewSeriesData): Promise<{ id: number; slug: string }> {
    const rows = await this.run<{ id: number; slug: string }>(
      `insert into series (type, slug, title, original_title, alt_titles, description, cover_key,
         cover_width, cover_height, cover_renditions, status, origin, year, author, artist, tags,
         moderation_status, created_by, search_text)
       values (?, ?, ?, ?, ${TEXT_ARRAY}, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ${TEXT_ARRAY}, ?, ?, ?)
       returning id, slug`,
      [
        data.type,
        data.slug,
        data.title,
        data.originalTitle,
        JSON.stringify(data.altTitles),
        data.description,
        data.coverKey ?? null,
        data.coverWidth ?? null,
        data.coverHeight ?? null,
        JSON.stringify(data.coverRenditions ?? []),
        data.status,
        data.origin,
        data.year,
        data.author,
        data.artist,
        JSON.stringify(data.tags),
        data.moderationStatus,
        data.createdBy,
        data.searchText,
      ],
    );
    return rows[0]!;
  }

  /**
   * Recomputes chapter_count / latest number / last chapter time from the approved chapters; `db`
   * runs it inside the caller's transaction (a moderation decision and its counters commit together).
   */
  async refreshChapterStats(seriesId?: number, db?: Pick<EntityManager, 'execute'>): Promise<void> {
    const sql = `update series s set
         chapter_count = coalesce(x.numbers, 0),
         latest_chapter_number = x.latest,
         last_chapter_at = x.last_at
       from (select s2.id,
               (select count(distinct c.number) from chapter c where c.series_id = s2.id and c.moderation_status = 'approved')::int as numbers,
               (select max(c.number) from chapter c where c.series_id = s2.id and c.moderation_status = 'approved') as latest,
               (select max(c.published_at) from chapter c where c.series_id = s2.id and c.moderation_status = 'approved') as last_at
             from series s2 ${seriesId ? 'where s2.id = ?' : ''}) x
       where s.id = x.id`;
    const params = seriesId ? [seriesId] : [];
    if (db) await db.execute(sql, params);
    else await this.run(sql, params);
  }

  /** Moves the favourite count by `delta` in the caller's transaction; answers the new count (null: gone). */
  async addFavorites(tx: Db, seriesId: number, delta: 1 | -1): Promise<number | null> {
    const rows = await tx.execute<{ count: number }[]>(
      `update series set favorite_count = favorite_count + ? where id = ? returning favorite_count as count`,
      [delta, seriesId],
    );
    return rows[0]?.count ?? null;
  }

  async favoriteCount(seriesId: number): Promise<number> {
    const rows = await this.run<{ count: number }>(
      `select favorite_count as count from series where id = ?`,
      [seriesId],
    );
    return rows[0]?.count ?? 0;
  }

  /** Applies a rating change to the series' sum and count in the caller's transaction (after `lock`). */
  async addRating(
    tx: Db,
    seriesId: number,
    sum: number,
    count: number,
  ): Promise<{ sum: number; count: number }> {
    const rows = await tx.execute<{ sum: number; count: number }[]>(
      `update series set rating_sum = rating_sum + ?, rating_count = rating_count + ?, updated_at = updated_at
       where id = ? returning rating_sum as sum, rating_count as count`,
      [sum, count, seriesId],
    );
    return rows[0]!;
  }

  /** The series slug and chapter number a comment's page is found at. */
  async location(
    seriesId: number,
    chapterId: number | null,
  ): Promise<{ slug: string; type: SeriesType; number: number | null } | null> {
    const rows = await this.run<{ slug: string; type: SeriesType; number: number | null }>(
      `select s.slug, s.type, (select c.number::float8 from chapter c where c.id = ?) as number from series s where s.id = ?`,
      [chapterId, seriesId],
    );
    return rows[0] ?? null;
  }

  /**
   * Reads a series for a moderation action and locks its row until `db`'s transaction ends (`mode`
   * null: no lock and no transaction needed, e.g. to name a new submission); see LockMode.
   */
  async lockForModeration(id: number, mode: LockMode, db: Db = this.em): Promise<LockedItem | null> {
    const [row] = await db.execute<LockedRow[]>(
      `select id, moderation_status as status, created_by as owner_id, id as series_id, slug, type, title,
         null::float8 as number, cover_key, cover_renditions
       from series where id = ? ${mode ? `for ${mode}` : ''}`,
      [id],
    );
    return row ? toLockedItem('series', row) : null;
  }

  async setModerationStatus(tx: Db, id: number, status: ModerationStatus): Promise<void> {
    await tx.execute('update series set moderation_status = ?, updated_at = now() where id = ?', [
      status,
      id,
    ]);
  }

  /** Deletes the series; the schema cascades to its chapters, pages, likes, views, progress, uploads. */
  async delete(tx: Db, id: number): Promise<void> {
    await tx.execute('delete from series where id = ?', [id]);
  }

  /** Of `keys`, those no page and no series cover names any more (media that may be freed). */
  async unreferencedMedia(tx: Db, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await tx.execute<{ key: string }[]>(
      `select k as key from unnest(${TEXT_ARRAY}) as k
       where not exists (select 1 from page p where p.media_key = k)
         and not exists (select 1 from series s where s.cover_key = k)
         and not exists (select 1 from series s
           where s.cover_renditions @> jsonb_build_array(jsonb_build_object('key', k)))`,
      [JSON.stringify(keys)],
    );
    return rows.map((r) => r.key);
  }
}
