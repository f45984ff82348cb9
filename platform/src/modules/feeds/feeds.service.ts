import { Injectable } from '@nestjs/common';
import {
  defaultChapterTitle,
  ownChapterTitle,
  FEED_MEDIA_TYPES,
  FEED_ROUTES,
  type FeedFormat,
  type FeedTokenCreatedResponse,
  type FeedTokenStatusResponse,
  normalizeSearchText,
  type OpdsSeriesListQuery,
  routePath,
  SERIES_TYPES,
  type SeriesType,
  siteInfoFor,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { newSecretToken, sha256Hex } from '../auth/secret-token';
import { mediaContentType, mediaUrl } from '../media/media-storage';
import {
  type Feed,
  type FeedItem,
  type OpdsEntry,
  type OpdsFeed,
  OPDS_TYPES,
  renderAtom,
  renderNovelHtml,
  renderOpds,
  renderOpenSearch,
  renderRss,
  SITE_NAME,
} from './feed-documents';
import { FollowsService } from '../follows/follows.service';
import { publicLinks } from './feed-links';
import { type FeedChapterRow, type FeedSeriesRow, FeedsRepository } from './feeds.repository';

/** A rendered document and what the controller needs for its headers. */
export interface FeedDocument {
  body: string;
  contentType: string;
  /** Newest change the document shows (Last-Modified). */
  updated: Date;
}

/** Entries a chapter feed carries: reader apps and aggregators want the recent ones, not the archive. */
const FEED_ITEMS = 50;
/** Chapters in a series' OPDS feed (a long series in one document; apps page poorly through chapters). */
const OPDS_CHAPTERS = 2000;
const OPDS_PAGE_SIZE = 30;

/** «الفصل ٣: عنوانه», or «الفصل ٣» alone when the title only repeats the label (a default title). */
export function chapterLabel(chapter: Pick<FeedChapterRow, 'number' | 'title'>): string {
  const label = defaultChapterTitle(chapter.number);
  const own = ownChapterTitle(chapter.title, chapter.number);
  return own ? `${label}: ${own}` : label;
}

function newest(rows: { published_at: Date }[], fallback: Date): Date {
  return rows[0] ? new Date(rows[0].published_at) : fallback;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

@Injectable()
export class FeedsService {
  constructor(
    private readonly repo: FeedsRepository,
    private readonly follows: FollowsService,
  ) {}

  // ---- public RSS / Atom ----

  async seriesFeed(origin: string, slug: string, format: FeedFormat): Promise<FeedDocument> {
    const series = await this.repo.approvedSeries(slug);
    if (!series) throw ApiError.notFound('العمل غير موجود');
    const chapters = await this.repo.chaptersOf(series.id, FEED_ITEMS);
    const links = publicLinks(origin);
    const feed: Feed = {
      id: `tag:warraq,2025:series:${series.id}`,
      title: `${series.title} — ${SITE_NAME}`,
      description: series.description || `فصول «${series.title}» الجديدة على ${SITE_NAME}`,
      pageUrl: links.series(series.type, series.slug),
      selfUrl: `${origin}${routePath(FEED_ROUTES.seriesFeed, { slug: series.slug, format })}`,
      updated: newest(chapters, new Date(series.updated_at)),
      items: chapters.map((c) => this.item(origin, series, c)),
    };
    return this.render(feed, format);
  }

  async latestFeed(origin: string, type: SeriesType | undefined, format: FeedFormat): Promise<FeedDocument> {
    const chapters = await this.repo.latestChapters(type, FEED_ITEMS);
    const site = siteInfoFor(type ?? 'main');
    const path = routePath(FEED_ROUTES.latestFeed, { format });
    const feed: Feed = {
      id: `tag:warraq,2025:latest:${type ?? 'all'}`,
      title: `أحدث الفصول — ${site.title}`,
      description: site.description,
      pageUrl: `${origin}/`,
      selfUrl: `${origin}${path}${type ? `?type=${type}` : ''}`,
      updated: newest(chapters, new Date(0)),
      items: chapters.map((c) =>
        this.item(origin, { slug: c.series_slug, title: c.series_title, type: c.series_type }, c),
      ),
    };
    return this.render(feed, format);
  }

  /**
   * The private updates feed at a secret URL: what `/updates` shows the token's owner (followed series
   * and uploaders, their languages and groups), every type together. Revoking the token ends it.
   */
  async updatesFeed(origin: string, token: string, format: FeedFormat): Promise<FeedDocument> {
    const userId = await this.authenticate(token);
    const chapters = await this.follows.recentUpdates(userId, FEED_ITEMS);
    const feed: Feed = {
      id: `tag:warraq,2025:updates:${sha256Hex(token).slice(0, 16)}`,
      title: `تحديثات متابعاتك — ${SITE_NAME}`,
      description: `الفصول الجديدة من الأعمال والمستخدمين الذين تتابعهم على ${SITE_NAME}، حسب لغاتك وفرقك.`,
      pageUrl: `${origin}/updates`,
      selfUrl: `${origin}${routePath(FEED_ROUTES.updatesFeed, { token, format })}`,
      updated: chapters[0] ? new Date(chapters[0].published_at) : new Date(0),
      items: chapters.map((c) =>
        this.item(origin, { slug: c.slug, title: c.series_title, type: c.series_type }, c),
      ),
    };
    return this.render(feed, format);
  }

  private item(
    origin: string,
    series: Pick<FeedSeriesRow, 'slug' | 'title' | 'type'>,
    c: Pick<FeedChapterRow, 'id' | 'number' | 'title' | 'translation_group'> & {
      published_at: Date | string;
    },
  ): FeedItem {
    const group = c.translation_group ? ` — ترجمة ${c.translation_group}` : '';
    return {
      id: `tag:warraq,2025:chapter:${c.id}`,
      title: `${series.title} — ${chapterLabel(c)}`,
      url: publicLinks(origin).chapter(series.type, series.slug, c.number, c.id),
      published: new Date(c.published_at),
      summary: `${chapterLabel(c)} من «${series.title}»${group}`,
    };
  }

  private render(feed: Feed, format: FeedFormat): FeedDocument {
    return format === 'rss'
      ? { body: renderRss(feed), contentType: FEED_MEDIA_TYPES.rss, updated: feed.updated }
      : { body: renderAtom(feed), contentType: FEED_MEDIA_TYPES.atom, updated: feed.updated };
  }

  // ---- the user's token ----

  async tokenStatus(userId: number): Promise<FeedTokenStatusResponse> {
    const row = await this.repo.tokenOf(userId);
    return {
      success: true,
      token: row
        ? {
            createdAt: new Date(row.created_at).toISOString(),
            lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
          }
        : null,
    };
  }

  async createToken(userId: number): Promise<FeedTokenCreatedResponse> {
    const value = newSecretToken();
    const row = await this.repo.replaceToken(userId, sha256Hex(value));
    return {
      success: true,
      token: {
        value,
        opdsPath: routePath(FEED_ROUTES.opdsRoot, { token: value }),
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: null,
      },
    };
  }

  async revokeToken(userId: number): Promise<void> {
    await this.repo.deleteToken(userId);
  }

  /** Every OPDS route starts here: an unknown or revoked token names nothing (404). */
  async authenticate(token: string): Promise<number> {
    const userId = await this.repo.userOfToken(sha256Hex(token));
    if (userId === null) throw ApiError.notFound('رابط الكتالوج غير صالح أو أُلغي');
    return userId;
  }

  // ---- OPDS ----

  private opdsFeed(
    origin: string,
    token: string,
    feed: Omit<OpdsFeed, 'startUrl' | 'searchUrl'>,
  ): FeedDocument {
    const body = renderOpds({
      ...feed,
      startUrl: `${origin}${routePath(FEED_ROUTES.opdsRoot, { token })}`,
      searchUrl: `${origin}${routePath(FEED_ROUTES.opdsSearch, { token })}`,
    });
    const contentType =
      feed.kind === 'navigation' ? FEED_MEDIA_TYPES.opdsNavigation : FEED_MEDIA_TYPES.opdsAcquisition;
    return { body, contentType, updated: feed.updated };
  }

  async opdsRoot(origin: string, token: string): Promise<FeedDocument> {
    // The navigation changes only when the catalogue does: dating it by the newest chapter keeps the
    // document, and so its ETag, the same between polls (a reader app then gets 304).
    const [newestSeries] = await this.repo.seriesPage({ sort: 'latest', offset: 0, limit: 1 });
    const updated = newestSeries?.last_chapter_at ? new Date(newestSeries.last_chapter_at) : new Date(0);
    const list = (query: Record<string, string>) =>
      `${origin}${routePath(FEED_ROUTES.opdsSeriesList, { token })}?${new URLSearchParams(query).toString()}`;
    const nav = (id: string, title: string, summary: string, href: string): OpdsEntry => ({
      id: `tag:warraq,2025:opds:${id}`,
      title,
      summary,
      updated,
      links: [{ rel: 'subsection', href, type: OPDS_TYPES.navigation }],
    });
    return this.opdsFeed(origin, token, {
      id: 'tag:warraq,2025:opds:root',
      title: `كتالوج ${SITE_NAME}`,
      updated,
      kind: 'navigation',
      selfUrl: `${origin}${routePath(FEED_ROUTES.opdsRoot, { token })}`,
      entries: [
        nav('latest', 'أحدث التحديثات', 'الأعمال التي نُشرت لها فصول جديدة مؤخرًا', list({ sort: 'latest' })),
        nav('popular', 'الأكثر قراءة', 'الأعمال الأكثر مشاهدة', list({ sort: 'popular' })),
        ...SERIES_TYPES.map((type) =>
          nav(`type:${type}`, siteInfoFor(type).title, siteInfoFor(type).description, list({ type })),
        ),
      ],
    });
  }

  async opdsSeriesList(origin: string, token: string, query: OpdsSeriesListQuery): Promise<FeedDocument> {
    const search = query.q ? normalizeSearchText(query.q) : '';
    const rows = await this.repo.seriesPage({
      type: query.type,
      sort: query.sort,
      search: search || undefined,
      offset: (query.page - 1) * OPDS_PAGE_SIZE,
      limit: OPDS_PAGE_SIZE + 1,
    });
    const base = `${origin}${routePath(FEED_ROUTES.opdsSeriesList, { token })}`;
    const pageUrl = (page: number) => {
      const params = new URLSearchParams({ sort: query.sort, page: String(page) });
      if (query.type) params.set('type', query.type);
      if (query.q) params.set('q', query.q);
      return `${base}?${params.toString()}`;
    };
    const shown = rows.slice(0, OPDS_PAGE_SIZE);
    return this.opdsFeed(origin, token, {
      id: `tag:warraq,2025:opds:series:${query.type ?? 'all'}:${query.sort}:${query.q ?? ''}:${query.page}`,
      title: query.q
        ? `نتائج البحث عن «${query.q}»`
        : query.sort === 'popular'
          ? 'الأكثر قراءة'
          : 'أحدث التحديثات',
      updated: shown[0]?.last_chapter_at ? new Date(shown[0].last_chapter_at) : new Date(0),
      kind: 'navigation',
      selfUrl: pageUrl(query.page),
      nextUrl: rows.length > OPDS_PAGE_SIZE ? pageUrl(query.page + 1) : null,
      entries: shown.map((s) => ({
        id: `tag:warraq,2025:series:${s.id}`,
        title: s.title,
        author: s.author,
        summary: s.description,
        updated: new Date(s.last_chapter_at ?? s.updated_at),
        links: [
          {
            rel: 'subsection',
            href: `${origin}${routePath(FEED_ROUTES.opdsSeries, { token, slug: s.slug })}`,
            type: OPDS_TYPES.acquisition,
          },
          ...this.coverLinks(origin, s),
        ],
      })),
    });
  }

  async opdsSeries(origin: string, token: string, slug: string): Promise<FeedDocument> {
    const series = await this.repo.approvedSeries(slug);
    if (!series) throw ApiError.notFound('العمل غير موجود');
    const chapters = await this.repo.chaptersOf(series.id, OPDS_CHAPTERS);
    const links = publicLinks(origin);
    return this.opdsFeed(origin, token, {
      id: `tag:warraq,2025:opds:series:${series.id}`,
      title: series.title,
      updated: newest(chapters, new Date(series.updated_at)),
      kind: 'acquisition',
      selfUrl: `${origin}${routePath(FEED_ROUTES.opdsSeries, { token, slug: series.slug })}`,
      entries: chapters.map((c) => ({
        id: `tag:warraq,2025:chapter:${c.id}`,
        title: chapterLabel(c),
        author: series.author,
        language: c.language,
        summary: c.translation_group ? `ترجمة ${c.translation_group}` : undefined,
        updated: new Date(c.published_at),
        links: [
          c.is_text
            ? {
                rel: 'http://opds-spec.org/acquisition/open-access',
                href: `${origin}${routePath(FEED_ROUTES.opdsChapterHtml, { token, id: c.id })}`,
                type: 'text/html',
              }
            : {
                rel: 'http://vaemendis.net/opds-pse/stream',
                href: `${origin}${pageTemplate(token, c.id)}`,
                type: 'image/webp',
                pseCount: c.page_count,
              },
          {
            rel: 'alternate',
            href: links.chapter(series.type, series.slug, c.number, c.id),
            type: 'text/html',
          },
          ...this.coverLinks(origin, series),
        ],
      })),
    });
  }

  openSearch(origin: string, token: string): FeedDocument {
    const base = `${origin}${routePath(FEED_ROUTES.opdsSeriesList, { token })}`;
    return {
      body: renderOpenSearch(`${base}?q={searchTerms}`),
      contentType: FEED_MEDIA_TYPES.openSearch,
      updated: new Date(0),
    };
  }

  async chapterHtml(id: number): Promise<FeedDocument> {
    const chapter = await this.repo.readableChapter(id);
    if (!chapter?.text) throw ApiError.notFound('الفصل غير موجود');
    return {
      body: renderNovelHtml({
        title: chapterLabel(chapter),
        seriesTitle: chapter.series_title,
        text: chapter.text,
      }),
      contentType: FEED_MEDIA_TYPES.html,
      updated: new Date(0),
    };
  }

  async pageImage(chapterId: number, pageNumber: number): Promise<string> {
    const key = await this.repo.pageKey(chapterId, pageNumber);
    if (!key) throw ApiError.notFound('الصفحة غير موجودة');
    return key;
  }

  /** The cover, and as the thumbnail a reader app lists works with, its widest narrower copy (the last). */
  private coverLinks(origin: string, series: Pick<FeedSeriesRow, 'cover_key' | 'cover_renditions'>) {
    if (!series.cover_key) return [];
    const link = (rel: string, key: string) => ({
      rel,
      href: absolute(origin, mediaUrl(key)),
      type: mediaContentType(key),
    });
    return [
      link('http://opds-spec.org/image', series.cover_key),
      link('http://opds-spec.org/image/thumbnail', series.cover_renditions.at(-1)?.key ?? series.cover_key),
    ];
  }
}

/** PSE's page URL template: `{pageNumber}` stays a literal for the reader app to fill in. */
function pageTemplate(token: string, chapterId: number): string {
  const first = routePath(FEED_ROUTES.opdsPage, { token, id: chapterId, pageNumber: 0 });
  return `${first.slice(0, -1)}{pageNumber}`;
}
