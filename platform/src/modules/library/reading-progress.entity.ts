import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';

/** Where a reader stopped in a series (one row per user and series). */
export const ReadingProgressEntity = defineEntity({
  name: 'ReadingProgress',
  tableName: 'reading_progress',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    chapter: () => p.manyToOne(Chapter).deleteRule('cascade').ref(),
    page: p.integer().default(0),
    /** A text chapter's topmost visible block; null for images. */
    paragraph: p.integer().nullable(),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class ReadingProgress extends ReadingProgressEntity.class {}
ReadingProgressEntity.setClass(ReadingProgress);
