import { chapterReaderPath } from '@warraq/contracts';

/**
 * Absolute links from a feed to the public reading pages. Every feed builds them here and only here,
 * so the per-type canonical URLs (a novel's pages on its own site) switch in one place.
 */
export interface PublicLinks {
  series(slug: string): string;
  chapter(slug: string, number: number, chapterId: number): string;
}

export function publicLinks(origin: string): PublicLinks {
  return {
    series: (slug) => `${origin}/series/manga/${encodeURIComponent(slug)}`,
    chapter: (slug, number, chapterId) => `${origin}${chapterReaderPath(slug, number, chapterId)}`,
  };
}
