import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from './chapter.entity';

/**
 * One counted view: a viewer (user id or hashed IP + user agent) per chapter per day. Written by the
 * reader's view count (ChaptersRepository.countView), in the statement that moves the counters.
 */
export const ChapterViewEntity = defineEntity({
  name: 'ChapterView',
  tableName: 'chapter_view',
  properties: {
    chapter: () => p.manyToOne(Chapter).primary().deleteRule('cascade').ref(),
    viewer: p.string().length(64).primary(),
    day: p.date().primary(),
  },
});
export class ChapterView extends ChapterViewEntity.class {}
ChapterViewEntity.setClass(ChapterView);
