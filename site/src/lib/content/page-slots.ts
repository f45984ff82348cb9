/** One entry of a pager: a page number or a gap shown as an ellipsis. */
export type PageSlot = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page numbers a pager shows (spec §2 Manga list page): at most `maxSlots` numbered pages,
 * always the first and the last, a window around the current page, and an ellipsis for each gap.
 */
export function pageSlots(current: number, total: number, maxSlots = 5): PageSlot[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  const slots = Math.max(3, maxSlots);
  if (total <= slots) return range(1, total).map(toPage);

  // First and last are fixed; the rest is a window around the current page.
  const inner = slots - 2;
  let start = Math.max(2, page - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }
  const result: PageSlot[] = [toPage(1)];
  if (start > 2) result.push({ kind: 'gap', key: 'start' });
  result.push(...range(start, end).map(toPage));
  if (end < total - 1) result.push({ kind: 'gap', key: 'end' });
  result.push(toPage(total));
  return result;
}

function toPage(page: number): PageSlot {
  return { kind: 'page', page };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
