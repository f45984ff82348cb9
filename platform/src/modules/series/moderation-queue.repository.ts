import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ContentKind, ModerationStatus, PendingCountResponse, SeriesType } from '@warraq/contracts';
import { escapeLike } from '../users/users.repository';
import type { QueueRow } from './moderation-queue.mapper';
import { SEARCH_SIMILARITY } from './series.repository';

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

/**
 * The moderation queue as staff read it: series and chapters by moderation state, each with its
 * creator and last decision (a read that joins users and the moderation log). Reads only: the
 * decisions write through SeriesRepository, ChaptersRepository and the moderation module's log.
 */
@Injectable()
export class ModerationQueueRepository {
  constructor(private readonly em: EntityManager) {}

  private get db(): EntityManager {
    return this.em;
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
}
