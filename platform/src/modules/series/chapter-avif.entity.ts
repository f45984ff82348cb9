import { defineEntity, p } from '@mikro-orm/core';
import { createdAtColumn } from '../../database/timestamp-columns';
import { Chapter } from './chapter.entity';

/**
 * An image chapter whose AVIF copies are not made yet. Written in the transaction that publishes the
 * chapter, removed when the `chapter.avif` job finishes it: a job Redis lost is found again from here
 * by the ingest reconciler (docs/media-storage.md, "AVIF copies").
 */
export const ChapterAvifEntity = defineEntity({
  name: 'ChapterAvif',
  tableName: 'chapter_avif',
  properties: {
    chapter: () => p.manyToOne(Chapter).primary().deleteRule('cascade').ref(),
    queuedAt: createdAtColumn().fieldName('queued_at'),
  },
});
export class ChapterAvif extends ChapterAvifEntity.class {}
ChapterAvifEntity.setClass(ChapterAvif);
