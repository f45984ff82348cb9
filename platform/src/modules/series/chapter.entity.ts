import { defineEntity, p } from '@mikro-orm/core';
import type { ChapterLanguage, ModerationStatus, NovelText } from '@warraq/contracts';
import { User } from '../users/user.entity';
import { Series } from './series.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/** One chapter variant: several rows may share a number (languages, translation groups). */
export const ChapterEntity = defineEntity({
  name: 'Chapter',
  tableName: 'chapter',
  properties: {
    id: p.integer().primary().autoincrement(),
    series: () => p.manyToOne(Series).deleteRule('cascade').ref(),
    number: p.decimal('number').precision(8).scale(2),
    title: p.string().length(255).nullable(),
    language: p.string().length(2).$type<ChapterLanguage>().default('AR'),
    translationGroup: p.string().length(120).fieldName('translation_group').nullable(),
    uploader: () => p.manyToOne(User).deleteRule('set null').nullable().ref(),
    moderationStatus: p
      .string()
      .length(16)
      .fieldName('moderation_status')
      .$type<ModerationStatus>()
      .default('pending'),
    publishedAt: p.datetime().fieldName('published_at').nullable(),
    viewCount: p.integer().fieldName('view_count').default(0),
    likeCount: p.integer().fieldName('like_count').default(0),
    commentCount: p.integer().fieldName('comment_count').default(0),
    pageCount: p.integer().fieldName('page_count').default(0),
    /** A novel chapter's text, in the strict structure of the contracts; null for image chapters. */
    text: p.json<NovelText>().columnType('jsonb').nullable(),
    wordCount: p.integer().fieldName('word_count').nullable(),
    createdAt: createdAtColumn(),
  },
});

export class Chapter extends ChapterEntity.class {}
ChapterEntity.setClass(Chapter);
