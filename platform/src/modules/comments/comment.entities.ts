import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * A comment on a series (chapter null) or on one chapter. `root` is the thread's top-level comment
 * (itself for a top-level one), so a page of threads is read with every reply in one indexed query.
 * Queried in raw SQL only (`comments.repository.ts`); the entity declares the table for the schema.
 */
export const CommentRecordEntity = defineEntity({
  name: 'CommentRecord',
  tableName: 'comment',
  properties: {
    id: p.integer().primary().autoincrement(),
    series: () => p.manyToOne(Series).deleteRule('cascade').ref(),
    chapter: () => p.manyToOne(Chapter).deleteRule('cascade').nullable().ref(),
    parent: () => p.manyToOne(CommentRecord).deleteRule('cascade').nullable().ref(),
    root: () => p.manyToOne(CommentRecord).deleteRule('cascade').nullable().ref(),
    user: () => p.manyToOne(User).deleteRule('set null').nullable().ref(),
    text: p.string().length(2000),
    likeCount: p.integer().fieldName('like_count').default(0),
    editedAt: p.datetime().fieldName('edited_at').nullable(),
    deletedAt: p.datetime().fieldName('deleted_at').nullable(),
    createdAt: createdAtColumn(),
  },
});
export class CommentRecord extends CommentRecordEntity.class {}
CommentRecordEntity.setClass(CommentRecord);

/** A reader's like of a comment (at most one per user and comment). */
export const CommentLikeEntity = defineEntity({
  name: 'CommentLike',
  tableName: 'comment_like',
  properties: {
    comment: () => p.manyToOne(CommentRecord).primary().deleteRule('cascade').ref(),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    createdAt: createdAtColumn(),
  },
});
export class CommentLike extends CommentLikeEntity.class {}
CommentLikeEntity.setClass(CommentLike);
