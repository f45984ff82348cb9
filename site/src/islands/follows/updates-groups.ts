import type { UpdateGroup } from '@warraq/contracts';
import { ownChapterTitle } from '@/lib/content/chapter-groups';

/** A chapter's own title, unless it only repeats its number ("الفصل 3", "Chapter 3"). */
export const ownTitle = ownChapterTitle;

/** Adds a page: a series that continues across the page break stays one group. */
export function appendGroups(shown: UpdateGroup[], page: UpdateGroup[]): UpdateGroup[] {
  const last = shown[shown.length - 1];
  const [first, ...rest] = page;
  if (last && first && last.series.id === first.series.id) {
    return [...shown.slice(0, -1), { ...last, chapters: [...last.chapters, ...first.chapters] }, ...rest];
  }
  return [...shown, ...page];
}
