import type { AstroGlobal } from 'astro';
import { chapterPath, seriesPath } from '@warraq/contracts/browser';
import type { ChapterReader, SeriesDetail } from '@warraq/contracts';
import { loadChapter, loadSeries, type PageData } from '@/lib/api/content-pages';
import { cachePublicPage } from '@/lib/api/page-cache';
import { hasSessionCookie } from '@/lib/api/platform';
import { forwardedFrom } from '@/lib/api/server-pages';
import { signInFromSession } from '@/lib/api/session-user';
import { contentHref } from '@/lib/site/manga-links';
import { canonicalLocation } from '@/lib/site/type-routes';
import { typedChapterNumber } from './chapter-groups';

/** What a series or chapter route renders: its data, or a permanent redirect to the canonical URL. */
export type RouteOutcome<T> = { kind: 'redirect'; location: string } | { kind: 'page'; result: PageData<T> };

/** The series page's «انتقل إلى الفصل» (`?chapter=`). */
export const CHAPTER_JUMP_PARAM = 'chapter';
/** A jump that named no chapter: what was typed, and the number read from it (null: none). */
export interface ChapterJump {
  typed: string;
  number: number | null;
}

/**
 * A series route's outcome: also a jump to one of its chapters (303: the form's answer, not a move of
 * the page), or the page with the jump's problem shown beside the form.
 */
export type SeriesOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'jump'; location: string }
  | { kind: 'page'; result: PageData<SeriesDetail>; jump?: ChapterJump };

function settle<T>(astro: AstroGlobal, result: PageData<T>): { kind: 'page'; result: PageData<T> } {
  if (result.kind === 'notFound') astro.response.status = 404;
  if (result.kind === 'failed') astro.response.status = 503;
  cachePublicPage(astro.response, astro.locals.user !== null);
  return { kind: 'page', result };
}

/**
 * A public document is loaded as a guest's. What a guest may not see (a series or chapter waiting
 * for review is a guest's 404) is rendered for the reader instead when a session came: their
 * profile is looked up and the data loaded again with their cookie, and the middleware marks the
 * answer personal.
 */
export async function loadPublicFirst<T>(
  astro: AstroGlobal,
  load: () => Promise<PageData<T>>,
): Promise<PageData<T>> {
  const result = await load();
  const { locals } = astro;
  if (!locals.publicDocument || result.kind !== 'notFound' || !hasSessionCookie(astro.request)) return result;
  locals.publicDocument = false;
  await signInFromSession(astro);
  return locals.user ? load() : result;
}

/**
 * A series page: `/series/manga/{slug}` (the form of manga) or `/{type}/{slug}` (the other types'),
 * named by `requestedPath`, the route's own path. A series found at a path that is not its canonical
 * one, or on another type's site, answers 301 there.
 */
export async function seriesRoute(
  astro: AstroGlobal,
  slug: string,
  requestedPath: string,
): Promise<SeriesOutcome> {
  const result = await loadPublicFirst(astro, () => loadSeries(slug, forwardedFrom(astro)));
  if (result.kind === 'ok') {
    const { type } = result.data;
    const target = seriesPath(type, result.data.slug);
    const location = canonicalLocation(
      astro.locals.site,
      astro.url.searchParams,
      requestedPath,
      type,
      target,
    );
    if (location) return { kind: 'redirect', location };
    const typed = astro.url.searchParams.get(CHAPTER_JUMP_PARAM);
    if (typed !== null) {
      const number = typedChapterNumber(typed);
      if (number !== null && result.data.chapters.some((chapter) => chapter.chapterNumber === number)) {
        const chapter = chapterPath(type, result.data.slug, number);
        return { kind: 'jump', location: contentHref(astro.locals.site, chapter) };
      }
      // Before settle: an answer that is not a 200 is not kept as the page's public copy.
      astro.response.status = number === null ? 400 : 404;
      return { ...settle(astro, result), jump: { typed, number } };
    }
  }
  return settle(astro, result);
}

/** A chapter page, by the same rule: its series' canonical chapter path on its own type's site. */
export async function chapterRoute(
  astro: AstroGlobal,
  slug: string,
  chapterNumber: string,
  requestedPath: string,
): Promise<RouteOutcome<ChapterReader>> {
  const params = astro.url.searchParams;
  const query = new URLSearchParams();
  for (const name of ['variant', 'lang']) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const result = await loadPublicFirst(astro, () =>
    loadChapter(slug, chapterNumber, query, forwardedFrom(astro)),
  );
  if (result.kind === 'ok') {
    const { mangaType, mangaSlug } = result.data;
    const target = chapterPath(mangaType, mangaSlug, chapterNumber);
    const location = canonicalLocation(astro.locals.site, params, requestedPath, mangaType, target);
    if (location) return { kind: 'redirect', location };
  }
  return settle(astro, result);
}
