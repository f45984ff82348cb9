import { type ChapterUpload, chapterPath, type UploadFileStatus } from '@warraq/contracts';
import type { UploadFileRow, UploadWithFiles } from './ingest.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toUploadFileStatus(file: UploadFileRow): UploadFileStatus {
  return { index: file.index, name: file.name, size: file.size, received: file.received };
}

/** The one status shape of an upload: GET answers it and `/ws` pushes it (ingest.progress). */
export function toChapterUpload(row: UploadWithFiles): ChapterUpload {
  return {
    id: row.id,
    state: row.state,
    uploadMethod: row.upload_method,
    mangaId: row.series_id,
    mangaSlug: row.slug,
    chapterNumber: row.number,
    language: row.language,
    files: row.files.map(toUploadFileStatus),
    processed: row.processed,
    total: row.total,
    chapterId: row.chapter_id,
    chapterPath:
      row.chapter_id === null ? null : chapterPath(row.series_type, row.slug, row.number, row.chapter_id),
    failure: row.failure,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
