import { chapterPath, type SeriesType, seriesPath } from '@warraq/contracts';

/**
 * Absolute links from a feed to the public reading pages: each series' canonical path on its own
 * type's site (the contracts decide it), on the host the feed was asked on; a page asked on another
 * site's host answers a permanent redirect to its own. Every feed builds its links here and only here.
 */
export interface PublicLinks {
  series(type: SeriesType, slug: string): string;
  chapter(type: SeriesType, slug: string, number: number, chapterId: number): string;
}

export function publicLinks(origin: string): PublicLinks {
  return {
    series: (type, slug) => `${origin}${seriesPath(type, slug)}`,
    chapter: (type, slug, number, chapterId) => `${origin}${chapterPath(type, slug, number, chapterId)}`,
  };
}
