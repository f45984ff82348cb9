import type { SeriesSummary, SeriesType } from '@warraq/contracts';

/** A series a chapter can be added to, as the add-chapter form's select shows it. */
export interface MangaOption {
  id: number;
  title: string;
  slug: string;
  /** A novel takes a chapter as text, every other type as pages. */
  type: SeriesType;
  latestChapterNumber: number | null;
  pending: boolean;
}

export function toMangaOption(series: SeriesSummary): MangaOption {
  return {
    id: series.id,
    title: series.title,
    slug: series.slug,
    type: series.type,
    latestChapterNumber: series.latestChapterNumber,
    pending: series.moderationStatus === 'pending',
  };
}
