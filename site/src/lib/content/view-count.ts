/**
 * A view count as the latest-updates cards show it (spec §2 Manga home): 'K' above 1,000, 'M' above
 * 1,000,000, one decimal at most (trailing .0 dropped); smaller counts as they are.
 */
export function abbreviateViews(views: number): string {
  const count = Math.max(0, Math.trunc(views));
  if (count > 1_000_000) return `${trimDecimal(count / 1_000_000)}M`;
  if (count > 1_000) return `${trimDecimal(count / 1_000)}K`;
  return String(count);
}

function trimDecimal(value: number): string {
  // Truncate, never round up: 999,999 is 999.9K, not 1000.0K.
  const truncated = Math.floor(value * 10) / 10;
  return truncated.toFixed(1).replace(/\.0$/, '');
}
