import { defineEntity, p } from '@mikro-orm/core';
import type { ModerationStatus, Origin, SeriesStatus, SeriesType } from '@warraq/contracts';
import { User } from '../users/user.entity';
import { createdAtColumn, updatedAtColumn } from '../../database/timestamp-columns';
import type { CoverRenditionRow } from '../media/cover-renditions';

/** A work (the spec's "content"): manga, manhua, manhwa or novel, with denormalised counters. */
export const SeriesEntity = defineEntity({
  name: 'Series',
  tableName: 'series',
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(16).$type<SeriesType>(),
    slug: p.string().length(255).unique('series_slug_unique'),
    title: p.string().length(255),
    originalTitle: p.string().length(255).fieldName('original_title').nullable(),
    altTitles: p.array().fieldName('alt_titles').columnType('text[]').defaultRaw("'{}'"),
    description: p.text().default(''),
    coverKey: p.string().length(80).fieldName('cover_key').nullable(),
    coverUrl: p.string().length(2000).fieldName('cover_url').nullable(),
    coverWidth: p.integer().fieldName('cover_width').nullable(),
    coverHeight: p.integer().fieldName('cover_height').nullable(),
    coverRenditions: p.json<CoverRenditionRow[]>().fieldName('cover_renditions').default('[]'),
    status: p.string().length(16).$type<SeriesStatus>().default('ongoing'),
    origin: p.string().length(16).$type<Origin>().nullable(),
    year: p.integer().nullable(),
    author: p.string().length(120).nullable(),
    artist: p.string().length(120).nullable(),
    tags: p.array().columnType('text[]').defaultRaw("'{}'"),
    moderationStatus: p
      .string()
      .length(16)
      .fieldName('moderation_status')
      .$type<ModerationStatus>()
      .default('pending'),
    createdBy: () => p.manyToOne(User).fieldName('created_by').deleteRule('set null').nullable().ref(),
    searchText: p.text().fieldName('search_text').default(''),
    viewCount: p.integer().fieldName('view_count').default(0),
    likeCount: p.integer().fieldName('like_count').default(0),
    favoriteCount: p.integer().fieldName('favorite_count').default(0),
    ratingSum: p.integer().fieldName('rating_sum').default(0),
    ratingCount: p.integer().fieldName('rating_count').default(0),
    chapterCount: p.integer().fieldName('chapter_count').default(0),
    latestChapterNumber: p
      .decimal('number')
      .precision(8)
      .scale(2)
      .fieldName('latest_chapter_number')
      .nullable(),
    lastChapterAt: p.datetime().fieldName('last_chapter_at').nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});

export class Series extends SeriesEntity.class {}
SeriesEntity.setClass(Series);
