import { defineEntity, p } from '@mikro-orm/core';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';
import { createdAtColumn, updatedAtColumn } from '../../database/timestamp-columns';

/** A reader's like of one chapter variant (at most one per user and chapter). */
export const ChapterLikeEntity = defineEntity({
  name: 'ChapterLike',
  tableName: 'chapter_like',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    chapter: () => p.manyToOne(Chapter).primary().deleteRule('cascade').ref(),
    createdAt: createdAtColumn(),
  },
});
export class ChapterLike extends ChapterLikeEntity.class {}
ChapterLikeEntity.setClass(ChapterLike);

/** A series in a reader's favourites. */
export const FavoriteEntity = defineEntity({
  name: 'Favorite',
  tableName: 'favorite',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    createdAt: createdAtColumn(),
  },
});
export class Favorite extends FavoriteEntity.class {}
FavoriteEntity.setClass(Favorite);

/** A reader's score of a series, 1..10. */
export const RatingEntity = defineEntity({
  name: 'Rating',
  tableName: 'rating',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    score: p.smallint(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export class Rating extends RatingEntity.class {}
RatingEntity.setClass(Rating);
