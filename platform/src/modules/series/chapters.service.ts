import { Injectable } from '@nestjs/common';
import {
  type ChapterLanguage,
  type ChapterPage,
  type ChapterQuery,
  type ChapterResponse,
  CONTENT_MESSAGES,
  estimateReadingMinutes,
} from '@warraq/contracts';
import { createHash } from 'node:crypto';
import { ApiError } from '../../common/http/api-error';
import { isAvifKey, mediaUrl } from '../media/media-storage';
import { ChaptersRepository, type PageRenditionRow } from './chapters.repository';
import { ANONYMOUS_VIEWER, canSee, type ContentViewer } from './content-viewer';
import { ContentVersion } from './content-version.service';
import { RedisService } from '../../common/redis/redis.service';
import { type ChapterVariantRow, isoOrNull, toChapterVariant } from './series.mapper';
import { SeriesRepository } from './series.repository';

/** Who is counted as one viewer: the user, else a hash of IP and user agent (never stored in clear). */
export function viewerKey(
  userId: number | null,
  ip: string | undefined,
  userAgent: string | undefined,
): string {
  if (userId !== null) return `u:${userId}`;
  return `a:${createHash('sha256')
    .update(`${ip ?? ''}|${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 40)}`;
}

const sameNumber = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/** Variant choice: the requested one, else the language asked for, else AR, else the most viewed. */
export function pickVariant(
  variants: readonly ChapterVariantRow[],
  query: { variant?: number | undefined; lang?: ChapterLanguage | undefined },
): ChapterVariantRow | undefined {
  if (variants.length === 0) return undefined;
  if (query.variant !== undefined) {
    const exact = variants.find((v) => v.id === query.variant);
    if (exact) return exact;
  }
  const byViews = [...variants].sort((a, b) => b.view_count - a.view_count || a.id - b.id);
  const approvedFirst = [
    ...byViews.filter((v) => v.moderation_status === 'approved'),
    ...byViews.filter((v) => v.moderation_status !== 'approved'),
  ];
  for (const language of [query.lang, 'AR'] as const) {
    const match = language && approvedFirst.find((v) => v.language === language);
    if (match) return match;
  }
  return approvedFirst[0];
}

/** How long a guest's chapter answer is reused; content changes retire it at once (ContentVersion). */
export const CHAPTER_CACHE_TTL_SECONDS = 30;
/** A viewer's daily mark outlives the day it is for, whatever the time zones. */
const VIEWED_MARK_TTL_SECONDS = 90_000;

@Injectable()
export class ChaptersService {
  constructor(
    private readonly chapters: ChaptersRepository,
    private readonly series: SeriesRepository,
    private readonly redis: RedisService,
    private readonly version: ContentVersion,
  ) {}

  /**
   * The reader's chapter. Guests share one cached answer per URL (it holds nothing personal); signed-in
   * readers, who may see their own pending chapters, get it computed. A view is counted either way.
   */
  async read(
    viewer: ContentViewer,
    seriesSlug: string,
    chapterNumber: number,
    query: ChapterQuery,
    /** Who to count a view for; null counts none (a prefetch). */
    viewerId: string | null,
  ): Promise<ChapterResponse> {
    const answer =
      viewer.userId === null && !viewer.staff
        ? await this.guestAnswer(seriesSlug, chapterNumber, query)
        : await this.compute(viewer, seriesSlug, chapterNumber, query);
    if (viewerId !== null) {
      const counted = await this.countOnce(answer.data.id, viewerId);
      if (counted !== null) answer.data.views = counted;
    }
    return answer;
  }

  private async guestAnswer(
    slug: string,
    chapterNumber: number,
    query: ChapterQuery,
  ): Promise<ChapterResponse> {
    const key = this.redis.key(
      'chapter',
      await this.version.current(),
      slug,
      String(chapterNumber),
      String(query.variant ?? ''),
      query.lang ?? '',
    );
    const cached = await this.redis.client.get(key);
    if (cached) return JSON.parse(cached) as ChapterResponse;
    const answer = await this.compute(ANONYMOUS_VIEWER, slug, chapterNumber, query);
    await this.redis.client.set(key, JSON.stringify(answer), 'EX', CHAPTER_CACHE_TTL_SECONDS);
    return answer;
  }

  /**
   * One view per viewer per chapter per day. A Redis mark turns away repeats before they reach
   * Postgres; the view table's unique key stays the authority (the mark may be lost, never doubled).
   */
  private async countOnce(chapterId: number, viewerId: string): Promise<number | null> {
    const day = new Date().toISOString().slice(0, 10);
    const mark = this.redis.key('viewed', day, String(chapterId), viewerId);
    const first = await this.redis.client.set(mark, '1', 'EX', VIEWED_MARK_TTL_SECONDS, 'NX');
    return first === 'OK' ? this.chapters.countView(chapterId, viewerId) : null;
  }

  private async compute(
    viewer: ContentViewer,
    seriesSlug: string,
    chapterNumber: number,
    query: ChapterQuery,
  ): Promise<ChapterResponse> {
    const notFound = () => ApiError.notFound(CONTENT_MESSAGES.chapterNotFound);
    const series = await this.series.header(seriesSlug);
    if (!series || !canSee(viewer, series.moderation_status, series.created_by)) throw notFound();

    const all = await this.chapters.visible(series.id, viewer, 'asc');
    const here = all.filter((c) => sameNumber(c.number, chapterNumber));
    const chosen = pickVariant(here, query);
    if (!chosen) throw notFound();

    const numbers: number[] = [];
    for (const c of all) if (!numbers.some((n) => sameNumber(n, c.number))) numbers.push(c.number);
    const at = numbers.findIndex((n) => sameNumber(n, chosen.number));
    const link = (n: number | undefined) => {
      if (n === undefined) return null;
      const target = pickVariant(
        all.filter((c) => sameNumber(c.number, n)),
        { lang: chosen.language },
      );
      return target ? { id: target.id, chapterNumber: target.number } : null;
    };

    const content = await this.chapters.content(chosen.id);
    const now = Date.now();
    return {
      success: true,
      message: 'تم تحميل الفصل بنجاح',
      data: {
        id: chosen.id,
        mangaId: series.id,
        mangaSlug: series.slug,
        mangaTitle: series.title,
        mangaType: series.type,
        title: chosen.title,
        chapterNumber: chosen.number,
        language: chosen.language,
        images: content.pages.map(([key]) => mediaUrl(key)),
        pages: content.pages.map(([key, width, height, source, renditions]) =>
          pageWithSources(key, width, height, source, renditions),
        ),
        text: content.text,
        wordCount: content.word_count,
        readingMinutes:
          content.word_count === null ? null : estimateReadingMinutes(content.word_count, chosen.language),
        views: chosen.view_count,
        likes: chosen.like_count,
        comments: chosen.comment_count,
        publishedTime: isoOrNull(chosen.published_at),
        translator: chosen.translation_group,
        group: chosen.translation_group,
        moderationStatus: chosen.moderation_status,
        nextChapter: link(numbers[at + 1]),
        prevChapter: at > 0 ? link(numbers[at - 1]) : null,
        chapterNumbers: numbers,
        variants: here.map((c) => toChapterVariant(c, now)),
      },
    };
  }
}

/**
 * A page as the reader gets it. `avif` lists every width too: the AVIF copy where one was kept, the
 * WebP where AVIF did not pay, so the browser that takes the AVIF source still finds every width (all
 * browsers that decode AVIF decode WebP). Empty while the chapter has no AVIF copy at all.
 */
function pageWithSources(
  key: string,
  width: number,
  height: number,
  source: number,
  stored: PageRenditionRow[],
): ChapterPage {
  const webp = [...stored.filter((r) => !isAvifKey(r.key)), { width, key }];
  const avif = new Map(stored.filter((r) => isAvifKey(r.key)).map((r) => [r.width, r.key]));
  const srcset = (list: { width: number; key: string }[]) =>
    list.map((r) => ({ width: r.width, url: mediaUrl(r.key) }));
  return {
    url: mediaUrl(key),
    width,
    height,
    source,
    renditions: srcset(webp),
    avif:
      avif.size === 0 ? [] : srcset(webp.map((r) => ({ width: r.width, key: avif.get(r.width) ?? r.key }))),
  };
}
