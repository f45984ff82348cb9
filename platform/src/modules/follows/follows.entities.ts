import { defineEntity, p } from '@mikro-orm/core';
import type { ChapterLanguage, Shelf } from '@warraq/contracts';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';
import { createdAtColumn, updatedAtColumn } from '../../database/timestamp-columns';

/** A reader follows a series, with the translation groups they prefer or hide in it. */
export const SeriesFollowEntity = defineEntity({
  name: 'SeriesFollow',
  tableName: 'series_follow',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    preferredGroups: p.array().fieldName('preferred_groups').columnType('text[]').defaultRaw("'{}'"),
    hiddenGroups: p.array().fieldName('hidden_groups').columnType('text[]').defaultRaw("'{}'"),
    createdAt: createdAtColumn(),
  },
});
export class SeriesFollow extends SeriesFollowEntity.class {}
SeriesFollowEntity.setClass(SeriesFollow);

/** A reader follows a user (an uploader or translator): that user's approved chapters reach them. */
export const UserFollowEntity = defineEntity({
  name: 'UserFollow',
  tableName: 'user_follow',
  properties: {
    follower: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    followee: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    createdAt: createdAtColumn(),
  },
});
export class UserFollow extends UserFollowEntity.class {}
UserFollowEntity.setClass(UserFollow);

/** A reader's chapter languages (empty: all), applied to the feed and the new-chapter notifications. */
export const ReaderPreferenceEntity = defineEntity({
  name: 'ReaderPreference',
  tableName: 'reader_preference',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    languages: p.array().columnType('text[]').defaultRaw("'{}'").$type<ChapterLanguage[]>(),
    updatedAt: updatedAtColumn(),
  },
});
export class ReaderPreference extends ReaderPreferenceEntity.class {}
ReaderPreferenceEntity.setClass(ReaderPreference);

/**
 * A chapter approved but not yet announced to its followers. Written in the approval's transaction,
 * removed by the fan-out job that announces it: a job lost with Redis is found again from here.
 */
export const ChapterFanoutEntity = defineEntity({
  name: 'ChapterFanout',
  tableName: 'chapter_fanout',
  properties: {
    chapter: () => p.manyToOne(Chapter).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).deleteRule('cascade').ref(),
    queuedAt: createdAtColumn().fieldName('queued_at'),
  },
});
export class ChapterFanout extends ChapterFanoutEntity.class {}
ChapterFanoutEntity.setClass(ChapterFanout);

/**
 * A series approved but not yet announced to its uploader's followers (a new work of a followed
 * user). Written in the approval's transaction, removed by the series' fan-out job, like
 * `chapter_fanout`.
 */
export const SeriesFanoutEntity = defineEntity({
  name: 'SeriesFanout',
  tableName: 'series_fanout',
  properties: {
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    queuedAt: createdAtColumn().fieldName('queued_at'),
  },
});
export class SeriesFanout extends SeriesFanoutEntity.class {}
SeriesFanoutEntity.setClass(SeriesFanout);

/** The reading-list shelf a reader keeps a series on (moved by hand, or by reading: see FollowsRepository.autoShelve). */
export const SeriesShelfEntity = defineEntity({
  name: 'SeriesShelf',
  tableName: 'series_shelf',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').ref(),
    shelf: p.string().length(16).$type<Shelf>(),
    updatedAt: updatedAtColumn(),
  },
});
export class SeriesShelf extends SeriesShelfEntity.class {}
SeriesShelfEntity.setClass(SeriesShelf);
