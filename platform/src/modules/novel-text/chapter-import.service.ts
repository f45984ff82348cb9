import { Injectable, Logger } from '@nestjs/common';
import {
  type ChapterImport,
  type ChapterImportResponse,
  NOVEL_CHAPTER_MESSAGES,
  NOVEL_IMPORT_LIMITS,
  NOVEL_IMPORT_MESSAGES,
  type ChapterLanguage,
} from '@warraq/contracts';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../common/http/api-error';
import type { AuthUser } from '../auth/request-auth';
import { ChapterImportFiles } from './chapter-import-files';
import { ChapterImportQueue, type ImportJobView } from './chapter-import.queue';

const QUEUE_RETRY_AFTER_SECONDS = 10;
const SERVER_FAILURE = {
  code: 'internal',
  message: NOVEL_CHAPTER_MESSAGES.importServerError,
  file: null,
} as const;

/**
 * The API half of a chapter-file import: take the file (the body parser capped it at the archive
 * limit), leave it for the worker, and tell its author what the worker made of it. The worker reads
 * it with every defence of `importChapterFile`; this side only refuses what needs no reading.
 */
@Injectable()
export class ChapterImportService {
  private readonly logger = new Logger(ChapterImportService.name);

  constructor(
    private readonly files: ChapterImportFiles,
    private readonly queue: ChapterImportQueue,
  ) {}

  async start(
    user: AuthUser,
    query: { name: string; language: ChapterLanguage },
    body: unknown,
  ): Promise<ChapterImportResponse> {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw ApiError.validation({ file: [NOVEL_CHAPTER_MESSAGES.importEmptyFile] });
    }
    const extension = /\.([a-z0-9]+)$/i.exec(query.name)?.[1]?.toLowerCase() ?? '';
    if (extension === 'doc') throw ApiError.validation({ file: [NOVEL_IMPORT_MESSAGES.legacyDoc] });
    if (!(NOVEL_IMPORT_LIMITS.extensions as readonly string[]).includes(extension)) {
      throw ApiError.validation({ file: [NOVEL_IMPORT_MESSAGES.unsupportedType] });
    }

    const importId = randomUUID();
    await this.files.save(importId, body);
    try {
      await this.queue.enqueue({
        importId,
        uploaderId: user.id,
        fileName: query.name,
        language: query.language,
      });
    } catch (error) {
      this.logger.warn(`import ${importId}: queue unavailable (${String(error)})`);
      await this.files.remove(importId);
      throw ApiError.unavailable(NOVEL_CHAPTER_MESSAGES.importServerError, QUEUE_RETRY_AFTER_SECONDS);
    }
    return {
      success: true,
      message: NOVEL_CHAPTER_MESSAGES.importQueued,
      import: { ...EMPTY_IMPORT, id: importId, state: 'processing', fileName: query.name },
    };
  }

  /** Someone else's import, or one whose answer has expired, is reported as absent. */
  async status(user: AuthUser, importId: string): Promise<ChapterImportResponse> {
    const job = await this.queue.find(importId);
    if (!job || job.payload.uploaderId !== user.id) {
      throw ApiError.notFound(NOVEL_CHAPTER_MESSAGES.importNotFound);
    }
    const view = toChapterImport(importId, job);
    const message =
      view.state === 'done'
        ? NOVEL_CHAPTER_MESSAGES.importDone
        : view.state === 'failed'
          ? NOVEL_CHAPTER_MESSAGES.importFailed
          : NOVEL_CHAPTER_MESSAGES.importQueued;
    return { success: true, message, import: view };
  }
}

const EMPTY_IMPORT = { text: null, words: null, readingMinutes: null, failure: null } as const;

function toChapterImport(id: string, job: ImportJobView): ChapterImport {
  const base = { ...EMPTY_IMPORT, id, fileName: job.payload.fileName };
  if (job.state === 'failed') return { ...base, state: 'failed', failure: SERVER_FAILURE };
  if (job.state !== 'completed') return { ...base, state: 'processing' };
  const result = job.result;
  if (!result) return { ...base, state: 'failed', failure: SERVER_FAILURE };
  if (!result.ok) return { ...base, state: 'failed', failure: result.failure };
  return {
    ...base,
    state: 'done',
    text: result.text,
    words: result.words,
    readingMinutes: result.readingMinutes,
  };
}
