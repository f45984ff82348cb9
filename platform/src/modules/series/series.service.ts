import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  buildListMeta,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  COVER_UPLOAD,
  defaultOrigin,
  type CreateContentInput,
  type CreateContentResponse,
  type ListContentQuery,
  type MangaListQuery,
  type MangaListResponse,
  type SearchQuery,
  type SearchResponse,
  normalizeSearchText,
  type SeriesDetailResponse,
  type SeriesListResponse,
  slugify,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import type { AuthUser } from '../auth/request-auth';
import { canSee, type ContentViewer } from './content-viewer';
import { CoverService } from '../media/cover.service';
import { ContentVersion } from './content-version.service';
import { SeriesCountCache } from './series-count.cache';
import { HomeFeedService } from './home-feed.service';
import { ModerationQueue } from './moderation-queue.service';
import { toChapterVariant, toSeriesSummary } from './series.mapper';
import { decodeCursor, encodeCursor } from './page-cursor';
import { ChaptersRepository } from './chapters.repository';
import { SeriesRepository, sortKeyCasts, type SeriesListFilter } from './series.repository';

const RELATED_LIMIT = 6;

/** The text search compares: title, original and alternative titles and author, folded. */
export function seriesSearchText(parts: {
  title: string;
  originalTitle?: string | null | undefined;
  altTitles?: readonly string[] | undefined;
  author?: string | null | undefined;
}): string {
  return normalizeSearchText(
    [parts.title, parts.originalTitle ?? '', ...(parts.altTitles ?? []), parts.author ?? ''].join(' '),
  );
}

/**
 * A new series' slug: its title plus a random suffix. Nothing about other rows decides it, so a
 * reader who submits the title of someone's hidden (pending) work learns nothing about it, as they
 * would from a `-2`; a rare collision is retried by the caller.
 */
export function newSlug(base: string): string {
  return `${base}-${randomBytes(4).readUInt32BE(0).toString(36).padStart(7, '0').slice(-6)}`;
}

@Injectable()
export class SeriesService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
    private readonly homeFeed: HomeFeedService,
    private readonly counts: SeriesCountCache,
    private readonly version: ContentVersion,
    private readonly covers: CoverService,
    private readonly moderationQueue: ModerationQueue,
  ) {}

  async list(viewer: ContentViewer, query: ListContentQuery): Promise<SeriesListResponse> {
    const moderationStatus = query.status ?? 'approved';
    if (moderationStatus !== 'approved' && !viewer.staff) throw ApiError.forbidden();
    const search = query.search ? normalizeSearchText(query.search) : '';
    const filter: SeriesListFilter = {
      type: query.type,
      moderationStatus,
      seriesStatus: query.seriesStatus,
      category: query.category,
      search: search || undefined,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    };
    // Search ranked by likeness has no key to seek by; everything else pages by keyset when asked.
    const keyset = !filter.search || filter.sort !== undefined;
    const casts = sortKeyCasts(filter.sort);
    if (keyset && query.after) filter.after = decodeCursor(query.after, casts);
    else if (keyset && query.before) filter.before = decodeCursor(query.before, casts);
    const [rows, total] = await Promise.all([this.series.page(filter), this.counts.total(filter)]);
    const meta = buildListMeta(total, query.page, query.limit);
    const first = rows[0];
    const last = rows.at(-1);
    return {
      data: rows.map(toSeriesSummary),
      meta: {
        ...meta,
        nextCursor: keyset && last && query.page < meta.pages ? encodeCursor(last.sort_key) : null,
        prevCursor: keyset && first && query.page > 1 ? encodeCursor(first.sort_key) : null,
      },
    };
  }

  /**
   * `/search?q=`: one type's page of matches (every type's when none is asked) and the count of each
   * type. The counts come from one grouped query; the page's total is its type's count.
   */
  async search(query: SearchQuery): Promise<SearchResponse> {
    const search = normalizeSearchText(query.q);
    const facets = { manga: 0, manhua: 0, manhwa: 0, novel: 0 };
    if (!search) return { data: [], meta: buildListMeta(0, query.page, query.limit), facets };
    const filter: SeriesListFilter = {
      type: query.type,
      moderationStatus: 'approved',
      search,
      page: query.page,
      limit: query.limit,
    };
    const [rows, counted] = await Promise.all([this.series.page(filter), this.series.countByType(filter)]);
    Object.assign(facets, counted);
    const total = query.type
      ? facets[query.type]
      : facets.manga + facets.manhua + facets.manhwa + facets.novel;
    return { data: rows.map(toSeriesSummary), meta: buildListMeta(total, query.page, query.limit), facets };
  }

  async mangaList(query: MangaListQuery): Promise<MangaListResponse> {
    const limit = CONTENT_LIMITS.mangaListPageSize;
    const search = query.search ? normalizeSearchText(query.search) : '';
    const filter: SeriesListFilter = {
      type: query.type ?? 'manga',
      moderationStatus: 'approved',
      search: search || undefined,
      page: query.page,
      limit,
    };
    const [rows, total] = await Promise.all([this.series.page(filter), this.counts.total(filter)]);
    return { data: rows.map(toSeriesSummary), meta: buildListMeta(total, query.page, limit) };
  }

  async detail(viewer: ContentViewer, by: { slug: string } | { id: number }): Promise<SeriesDetailResponse> {
    const row = await this.series.findDetail(by);
    if (!row || !canSee(viewer, row.moderation_status, row.created_by)) {
      throw ApiError.notFound(CONTENT_MESSAGES.mangaNotFound);
    }
    const [chapters, related] = await Promise.all([
      this.chapters.visible(row.id, viewer),
      this.series.related(row.id, row.tags ?? [], RELATED_LIMIT),
    ]);
    const now = Date.now();
    return {
      success: true,
      data: {
        ...toSeriesSummary(row),
        description: row.description,
        creator:
          row.created_by !== null && row.creator_username !== null
            ? { id: row.created_by, username: row.creator_username }
            : null,
        chapters: chapters.map((c) => toChapterVariant(c, now)),
        related: related.map(toSeriesSummary),
      },
    };
  }

  /** Everyone's new work waits for moderation; the creator is the session's user, never the body's. */
  async create(actor: AuthUser, body: CreateContentInput): Promise<CreateContentResponse> {
    const coverRenditions = body.coverKey ? await this.covers.renditionsOf(body.coverKey) : [];
    if (!coverRenditions) throw ApiError.validation({ coverKey: [COVER_UPLOAD.missing] });
    const base = slugify(body.title) || 'series';
    const meta = body.metadata;
    for (let attempt = 0; attempt < 5; attempt++) {
      const slug = newSlug(base);
      try {
        const created = await this.series.insert({
          type: body.type,
          slug,
          title: body.title,
          originalTitle: meta.originalTitle ?? null,
          altTitles: meta.altTitles,
          description: body.description,
          coverKey: body.coverKey ?? null,
          coverWidth: body.coverKey ? COVER_UPLOAD.width : null,
          coverHeight: body.coverKey ? COVER_UPLOAD.height : null,
          coverRenditions,
          status: body.status,
          origin: meta.origin ?? defaultOrigin(body.type),
          year: meta.year,
          author: meta.author,
          artist: meta.artist ?? meta.author,
          tags: meta.tags,
          moderationStatus: 'pending',
          createdBy: actor.id,
          searchText: seriesSearchText({ ...meta, title: body.title }),
        });
        await Promise.all([this.homeFeed.invalidate(), this.version.bump()]);
        await this.moderationQueue.announce('submitted', {
          id: created.id,
          contentType: 'series',
          title: body.title,
        });
        return {
          success: true,
          message: CONTENT_MESSAGES.created,
          id: created.id,
          slug: created.slug,
          moderationStatus: 'pending',
        };
      } catch (error) {
        // Another series has this very slug already: draw another.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      }
    }
    throw ApiError.conflict({ title: ['تعذر إنشاء رابط فريد لهذا العنوان'] });
  }
}
