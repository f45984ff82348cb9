import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from '../series/chapter.entity';
import { User } from '../users/user.entity';

/** A chapter variant a reader has opened (or marked read): the read markers and the feed's unread state. */
export const ChapterReadEntity = defineEntity({
  name: 'ChapterRead',
  tableName: 'chapter_read',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    chapter: () => p.manyToOne(Chapter).primary().deleteRule('cascade').ref(),
    readAt: p
      .datetime()
      .fieldName('read_at')
      .onCreate(() => new Date()),
  },
});
export class ChapterRead extends ChapterReadEntity.class {}
ChapterReadEntity.setClass(ChapterRead);
