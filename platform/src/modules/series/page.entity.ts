import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from './chapter.entity';

/** One page image of a chapter, in reading order. */
export const PageEntity = defineEntity({
  name: 'Page',
  tableName: 'page',
  properties: {
    id: p.integer().primary().autoincrement(),
    chapter: () => p.manyToOne(Chapter).deleteRule('cascade').ref(),
    index: p.integer(),
    /** The uploaded page it came from (tall strips give several slices of one); null when seeded. */
    sourceIndex: p.integer().fieldName('source_index').nullable(),
    mediaKey: p.string().length(80).fieldName('media_key'),
    width: p.integer(),
    height: p.integer(),
    /** Narrower copies of the image ({ width, key }, narrowest first) for the reader's srcset. */
    renditions: p.json<{ width: number; key: string }[]>().default('[]'),
  },
  uniques: [{ name: 'page_chapter_index_unique', properties: ['chapter', 'index'] }],
});

export class Page extends PageEntity.class {}
PageEntity.setClass(Page);
