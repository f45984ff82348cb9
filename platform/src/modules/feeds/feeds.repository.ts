import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ChapterLanguage, NovelDocument, SeriesType } from '@warraq/contracts';
import { SEARCH_SIMILARITY } from '../series/series.repository';
import { escapeLike } from '../users/users.repository';
import type { CoverRenditionRow } from '../media/cover-renditions';

export interface FeedSeriesRow {
  id: number;
  slug: string;
  title: string;
  type: SeriesType;
  description: string;
  author: string | null;
  cover_key: string | null;
  cover_renditions: CoverRenditionRow[];
  updated_at: Date;
}

export interface FeedChapterRow {
  id: number;
  number: number;
  title: string | null;
  language: ChapterLanguage;
  translation_group: string | null;
  published_at: Date;
  page_count: number;
  is_text: boolean;
}

export type LatestChapterRow = FeedChapterRow & {
  series_slug: string;
  series_title: string;
  series_type: SeriesType;
};

export interface ReadableChapterRow {
  id: number;
  number: number;
  title: string | null;
  series_title: string;
  text: NovelDocument | null;
}

const SERIES_COLUMNS =
  's.id, s.slug, s.title, s.type, s.description, s.author, s.cover_key, s.cover_renditions, s.updated_at';
const CHAPTER_COLUMNS = `c.id, c.number::float8 as number, c.title, c.language, c.translation_group, c.published_at,
  c.page_count, c.text is not null as is_text`;
/** What any feed may show: approved and published chapters of approved series, nothing else, ever. */
const VISIBLE = `s.moderation_status = 'approved' and c.moderation_status = 'approved' and c.published_at is not null`;

/** Reads of the catalogue for feeds (approved content only), and the feed_token table it owns. */
@Injectable()
export class FeedsRepository {
  constructor(private readonly em: EntityManager) {}

  async approvedSeries(slug: string): Promise<FeedSeriesRow | null> {
    const rows = await this.em.execute<FeedSeriesRow[]>(
      `select ${SERIES_COLUMNS} from series s where s.slug = ? and s.moderation_status = 'approved'`,
      [slug],
    );
    return rows[0] ?? null;
  }

  /** A series' visible chapter variants, newest first. */
  async chaptersOf(seriesId: number, limit: number): Promise<FeedChapterRow[]> {
    return this.em.execute<FeedChapterRow[]>(
      `select ${CHAPTER_COLUMNS} from chapter c join series s on s.id = c.series_id
       where c.series_id = ? and ${VISIBLE}
       order by c.published_at desc, c.id desc limit ?`,
      [seriesId, limit],
    );
  }

  /** The newest visible chapter variants across approved series (of one type when given). */
  async latestChapters(type: SeriesType | undefined, limit: number): Promise<LatestChapterRow[]> {
    return this.em.execute<LatestChapterRow[]>(
      `select ${CHAPTER_COLUMNS}, s.slug as series_slug, s.title as series_title, s.type as series_type
       from chapter c join series s on s.id = c.series_id
       where ${VISIBLE} ${type ? 'and s.type = ?' : ''}
       order by c.published_at desc, c.id desc limit ?`,
      type ? [type, limit] : [limit],
    );
  }

  /**
   * A page of approved series that have a visible chapter: most recently updated or most read first,
   * or ranked by likeness to `search` (already normalised).
   */
  async seriesPage(filter: {
    type?: SeriesType;
    sort: 'latest' | 'popular';
    search?: string;
    offset: number;
    limit: number;
  }): Promise<(FeedSeriesRow & { last_chapter_at: Date | null })[]> {
    const where = [`s.moderation_status = 'approved'`, 's.last_chapter_at is not null'];
    const params: unknown[] = [];
    if (filter.type) {
      where.push('s.type = ?');
      params.push(filter.type);
    }
    let order =
      filter.sort === 'popular' ? 's.view_count desc, s.id desc' : 's.last_chapter_at desc, s.id desc';
    const orderParams: unknown[] = [];
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      where.push(`(s.search_text ilike ? or word_similarity(?, s.search_text) > ${SEARCH_SIMILARITY})`);
      params.push(pattern, filter.search);
      order = `(s.search_text ilike ?) desc, word_similarity(?, s.search_text) desc, ${order}`;
      orderParams.push(pattern, filter.search);
    }
    return this.em.execute(
      `select ${SERIES_COLUMNS}, s.last_chapter_at from series s where ${where.join(' and ')}
       order by ${order} limit ? offset ?`,
      [...params, ...orderParams, filter.limit, filter.offset],
    );
  }

  /** A visible chapter variant, with its text when it is a novel chapter. */
  async readableChapter(id: number): Promise<ReadableChapterRow | null> {
    const rows = await this.em.execute<ReadableChapterRow[]>(
      `select c.id, c.number::float8 as number, c.title, s.title as series_title, c.text
       from chapter c join series s on s.id = c.series_id where c.id = ? and ${VISIBLE}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The stored image of page `index` of a visible chapter. */
  async pageKey(chapterId: number, index: number): Promise<string | null> {
    const rows = await this.em.execute<{ media_key: string }[]>(
      `select p.media_key from page p join chapter c on c.id = p.chapter_id join series s on s.id = c.series_id
       where p.chapter_id = ? and p.index = ? and ${VISIBLE}`,
      [chapterId, index],
    );
    return rows[0]?.media_key ?? null;
  }

  // ---- feed_token ----

  async tokenOf(userId: number): Promise<{ created_at: Date; last_used_at: Date | null } | null> {
    const rows = await this.em.execute<{ created_at: Date; last_used_at: Date | null }[]>(
      'select created_at, last_used_at from feed_token where user_id = ?',
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Replaces the user's token (the old one stops working in the same statement). */
  async replaceToken(userId: number, tokenHash: string): Promise<{ created_at: Date }> {
    const rows = await this.em.execute<{ created_at: Date }[]>(
      `insert into feed_token (user_id, token_hash) values (?, ?)
       on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now(), last_used_at = null
       returning created_at`,
      [userId, tokenHash],
    );
    return rows[0]!;
  }

  async deleteToken(userId: number): Promise<void> {
    await this.em.execute('delete from feed_token where user_id = ?', [userId]);
  }

  /** The user a token hash belongs to; marks it used (at most once a minute, to spare the row). */
  async userOfToken(tokenHash: string): Promise<number | null> {
    const rows = await this.em.execute<{ user_id: number }[]>(
      `with hit as (select id, user_id, last_used_at from feed_token where token_hash = ?),
       touched as (update feed_token t set last_used_at = now() from hit
         where t.id = hit.id and (hit.last_used_at is null or hit.last_used_at < now() - interval '1 minute'))
       select user_id from hit`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }
}
