import type { ChapterUpload, IngestState } from '@warraq/contracts';

const STATE_RANK: Record<IngestState, number> = {
  receiving: 0,
  queued: 1,
  processing: 2,
  failed: 3,
  done: 4,
};

/**
 * Whether a status (pushed over `/ws` or polled) replaces the one shown: the same upload, not older,
 * and at equal times the one further along. Events can arrive late or twice; the bar never steps back.
 */
export function supersedes(next: ChapterUpload, current: ChapterUpload): boolean {
  if (next.id !== current.id) return false;
  const nextAt = Date.parse(next.updatedAt);
  const currentAt = Date.parse(current.updatedAt);
  if (nextAt !== currentAt) return nextAt > currentAt;
  const byState = STATE_RANK[next.state] - STATE_RANK[current.state];
  return byState !== 0 ? byState > 0 : next.processed >= current.processed;
}

/** Processing progress (0..1), or null while the page total is not known yet (bar indeterminate). */
export function processingFraction(upload: ChapterUpload): number | null {
  if (upload.state === 'done') return 1;
  if (upload.total === null || upload.total === 0) return null;
  return Math.min(1, upload.processed / upload.total);
}

/** The share of all bytes sent so far, each file weighted by its size. */
export function bytesFraction(files: readonly { size: number; progress: number }[]): number {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total === 0) return 0;
  return files.reduce((sum, file) => sum + file.size * file.progress, 0) / total;
}

/** A whole percent for display; 100 only when it is really complete. */
export function toPercent(fraction: number): number {
  const percent = Math.floor(fraction * 100);
  return Math.max(0, Math.min(100, percent));
}
