import { defineEntity, p } from '@mikro-orm/core';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * The media ledger: one row per stored object (content-addressed key) with its size, kept in step
 * with the store by LedgeredMediaStorage. Queried in raw SQL only (`media-object.repository.ts`).
 */
export const MediaObjectRecordEntity = defineEntity({
  name: 'MediaObjectRecord',
  tableName: 'media_object',
  properties: {
    key: p.string().length(80).primary(),
    bytes: p.bigint('number'),
    createdAt: createdAtColumn(),
  },
});
export class MediaObjectRecord extends MediaObjectRecordEntity.class {}
MediaObjectRecordEntity.setClass(MediaObjectRecord);
