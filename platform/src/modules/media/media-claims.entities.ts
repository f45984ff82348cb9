import { defineEntity, p } from '@mikro-orm/core';
import { createdAtColumn } from '../../database/timestamp-columns';

/**
 * A page image an upload's processing stored before its chapter exists: the key is held for the
 * upload (so the collector leaves it alone) until the chapter commits or the upload is released.
 * Queried in raw SQL only (`media-claims.repository.ts`).
 */
export const UploadMediaClaimEntity = defineEntity({
  name: 'UploadMediaClaim',
  tableName: 'upload_media',
  properties: {
    uploadId: p.uuid().primary(),
    key: p.string().length(80).primary(),
    createdAt: createdAtColumn(),
  },
});
export class UploadMediaClaim extends UploadMediaClaimEntity.class {}
UploadMediaClaimEntity.setClass(UploadMediaClaim);

/** One run of the media garbage collector, for the dashboard's figure of what it freed. */
export const MediaSweepEntity = defineEntity({
  name: 'MediaSweep',
  tableName: 'media_sweep',
  properties: {
    id: p.integer().primary(),
    finishedAt: p.datetime().fieldName('finished_at'),
    objects: p.integer(),
    bytes: p.bigint('number'),
    ledgerAdded: p.integer().fieldName('ledger_added'),
    ledgerRemoved: p.integer().fieldName('ledger_removed'),
  },
});
export class MediaSweep extends MediaSweepEntity.class {}
MediaSweepEntity.setClass(MediaSweep);
