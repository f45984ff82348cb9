import { defineEntity, p } from '@mikro-orm/core';
import type { ChapterLanguage, IngestFailure, IngestState, UploadMethod } from '@warraq/contracts';
import { Chapter } from '../series/chapter.entity';
import { Series } from '../series/series.entity';
import { User } from '../users/user.entity';
import { createdAtColumn, updatedAtColumn } from '../../database/timestamp-columns';

/**
 * One chapter upload from its declaration to its pending chapter. Its id is the BullMQ job id, and
 * Postgres, not the queue, is the record of where it stands: the worker re-enqueues what the queue
 * lost.
 */
export const ChapterUploadEntity = defineEntity({
  name: 'ChapterUpload',
  tableName: 'chapter_upload',
  properties: {
    id: p.uuid().primary(),
    uploader: () => p.manyToOne(User).deleteRule('cascade').ref(),
    series: () => p.manyToOne(Series).deleteRule('cascade').ref(),
    number: p.decimal('number').precision(8).scale(2),
    title: p.string().length(255).nullable(),
    language: p.string().length(2).$type<ChapterLanguage>(),
    translationGroup: p.string().length(120).fieldName('translation_group').nullable(),
    notes: p.string().length(1000).nullable(),
    uploadMethod: p.string().length(8).fieldName('upload_method').$type<UploadMethod>(),
    state: p.string().length(16).$type<IngestState>().default('receiving'),
    /** Source pages processed so far, and how many there are once known. */
    processed: p.integer().default(0),
    total: p.integer().nullable(),
    chapter: () => p.manyToOne(Chapter).deleteRule('set null').nullable().ref(),
    failure: p.json<IngestFailure>().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});

export class ChapterUpload extends ChapterUploadEntity.class {}
ChapterUploadEntity.setClass(ChapterUpload);

/**
 * One declared file of an upload: a row each, so parallel file PUTs never race on a shared column.
 * `receivedAt` is set only once the bytes are durable on disk.
 */
export const ChapterUploadFileEntity = defineEntity({
  name: 'ChapterUploadFile',
  tableName: 'chapter_upload_file',
  properties: {
    upload: () => p.manyToOne(ChapterUpload).primary().deleteRule('cascade').ref(),
    index: p.integer().primary(),
    name: p.string().length(255),
    size: p.integer(),
    declaredType: p.string().length(100).fieldName('declared_type').default(''),
    receivedAt: p.datetime().fieldName('received_at').nullable(),
    sha256: p.string().length(64).nullable(),
  },
});

export class ChapterUploadFile extends ChapterUploadFileEntity.class {}
ChapterUploadFileEntity.setClass(ChapterUploadFile);
