import type { SystemStatsResponse } from '@warraq/contracts';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { formatBytes } from '@/lib/format/format';

/**
 * The Media CDN card's line under its figure: the objects stored and, once the media garbage
 * collector has run, what its last run freed.
 */
export function cdnHint(stats: Pick<SystemStatsResponse, 'mediaObjects' | 'mediaSweep'>): string {
  const cards = t.dashboard.cards;
  const parts = [fmt(cards.cdnObjects, { count: formatNumber(stats.mediaObjects) })];
  if (stats.mediaSweep) {
    parts.push(
      fmtCount(cards.cdnSwept, stats.mediaSweep.objects, { bytes: formatBytes(stats.mediaSweep.bytes) }),
    );
  }
  return parts.join(' · ');
}
