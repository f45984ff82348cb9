import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  defaultChapterTitle,
  type ChapterUpload,
  type ChapterUploadResponse,
  type CreateChapterUploadInput,
  INGEST_LIMITS,
  INGEST_MESSAGES,
  isRetryableFailure,
  type UploadFileResponse,
} from '@warraq/contracts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../common/http/api-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Transactions } from '../../database/transactions';
import { MediaCollector } from '../media/media-collector';
import { canSee, type ContentViewer } from '../series/content-viewer';
import { byteLimit, declaredFileErrors, fileKind } from './declared-files.rules';
import { receiveBody } from './file-receiver';
import { toChapterUpload, toUploadFileStatus } from './ingest.mapper';
import { IngestQueue } from './ingest.queue';
import { ChaptersRepository } from '../series/chapters.repository';
import { SeriesRepository } from '../series/series.repository';
import { IngestRepository, type UploadRow } from './ingest.repository';
import { IngestWorkspace } from './ingest-workspace';

/** Who is acting on an upload: its uploader may do everything, staff may only look. */
export interface UploadActor extends ContentViewer {
  userId: number;
}

/** How long a client is told to wait after the queue refused a job. */
const QUEUE_RETRY_AFTER_SECONDS = 10;

/**
 * The API half of chapter ingest: declare, receive each file durably, commit to the queue, and the
 * uploader's actions on an upload (status, retry, delete). It never processes pages: the worker does.
 */
@Injectable()
export class IngestService {
  private readonly logger = new Logger(IngestService.name);

  constructor(
    private readonly uploads: IngestRepository,
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
    private readonly transactions: Transactions,
    private readonly workspace: IngestWorkspace,
    private readonly queue: IngestQueue,
    private readonly collector: MediaCollector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async declare(actor: UploadActor, body: CreateChapterUploadInput): Promise<ChapterUploadResponse> {
    const fileErrors = declaredFileErrors(body.uploadMethod, body.files);
    if (fileErrors) throw ApiError.validation(fileErrors);

    const series = await this.series.headerById(body.mangaId);
    // Someone else's pending work is as absent as a missing one: its existence is not revealed.
    if (!series || !canSee(actor, series.moderation_status, series.created_by)) {
      throw ApiError.notFound(INGEST_MESSAGES.mangaNotFound);
    }
    if (series.type === 'novel') throw ApiError.validation({ mangaId: [INGEST_MESSAGES.imageSeriesOnly] });

    const translationGroup = body.translationGroup ?? null;
    const variant = {
      seriesId: series.id,
      number: body.chapterNumber,
      language: body.language,
      translationGroup,
    };
    if (await this.chapters.variantExists(variant)) {
      throw ApiError.conflict({ chapterNumber: [INGEST_MESSAGES.duplicateChapter] });
    }

    const id = randomUUID();
    const inserted = await this.uploads.insert(
      {
        id,
        uploaderId: actor.userId,
        seriesId: series.id,
        number: body.chapterNumber,
        title: body.title ?? defaultChapterTitle(body.chapterNumber),
        language: body.language,
        translationGroup,
        notes: body.notes ?? null,
        uploadMethod: body.uploadMethod,
        files: body.files.map((f) => ({ name: f.name, size: f.size, type: f.type })),
      },
      this.config.ingest.maxOpenUploads,
    );
    if (!inserted) throw ApiError.tooManyRequests(60, INGEST_MESSAGES.tooManyUploads);
    return { success: true, message: INGEST_MESSAGES.declared, upload: await this.status(id) };
  }

  /**
   * One declared file's bytes, streamed to disk. Recorded as received only once durable (fsynced,
   * renamed into place, folder synced), and only while the upload still takes files: the row lock
   * keeps a commit from slipping between the check and the rename.
   */
  async receiveFile(
    actor: UploadActor,
    uploadId: string,
    index: number,
    req: IncomingMessage,
  ): Promise<UploadFileResponse> {
    const upload = await this.ownUpload(actor, uploadId);
    if (upload.state !== 'receiving') throw ApiError.conflict({ file: [INGEST_MESSAGES.notReceiving] });
    const file = await this.uploads.file(uploadId, index);
    if (!file) throw ApiError.notFound(INGEST_MESSAGES.invalidFiles);

    const kind = fileKind(upload.upload_method);
    const partPath = await this.workspace.partPath(uploadId, index);
    try {
      const received = await receiveBody(req, partPath, {
        size: Math.min(file.size, byteLimit(kind)),
        kind,
      });
      const accepted = await this.transactions.run(async (tx) => {
        if ((await this.uploads.lockState(tx, uploadId)) !== 'receiving') return false;
        await this.workspace.promote(partPath, uploadId, index);
        await this.uploads.markReceived(tx, uploadId, index, received.sha256);
        return true;
      });
      if (!accepted) throw ApiError.conflict({ file: [INGEST_MESSAGES.notReceiving] });
    } finally {
      await this.workspace.discard(partPath);
    }
    return { success: true, file: toUploadFileStatus({ ...file, received: true }) };
  }

  /**
   * receiving → queued, then the job. 202 only when Postgres says queued AND the queue took the job;
   * if the queue is unavailable the upload goes back to receiving and the answer is 503 (retry).
   */
  async commit(actor: UploadActor, uploadId: string): Promise<ChapterUploadResponse> {
    const upload = await this.ownUpload(actor, uploadId);
    if (upload.state !== 'receiving') throw ApiError.conflict({ upload: [INGEST_MESSAGES.notReceiving] });
    const slot = await this.uploads.markQueued(uploadId, actor.userId, INGEST_LIMITS.maxQueuedPerUser);
    if (slot === 'busy')
      throw ApiError.tooManyRequests(QUEUE_RETRY_AFTER_SECONDS, INGEST_MESSAGES.tooManyQueued);
    if (!slot) {
      const now = await this.ownUpload(actor, uploadId);
      if (now.state !== 'receiving') throw ApiError.conflict({ upload: [INGEST_MESSAGES.notReceiving] });
      throw ApiError.validation({ files: [INGEST_MESSAGES.incomplete] });
    }
    try {
      await this.queue.enqueue(uploadId, slot.ahead);
    } catch (error) {
      this.logger.warn(`commit ${uploadId}: queue unavailable (${String(error)})`);
      await this.uploads.unqueue(uploadId);
      throw ApiError.unavailable(INGEST_MESSAGES.queueUnavailable, QUEUE_RETRY_AFTER_SECONDS);
    }
    return { success: true, message: INGEST_MESSAGES.queued, upload: await this.status(uploadId) };
  }

  /**
   * A failed upload, processed again from its kept originals. Only a failure a retry can cure kept
   * them; the files of any other were removed when it failed.
   */
  async retry(actor: UploadActor, uploadId: string): Promise<ChapterUploadResponse> {
    const upload = await this.ownUpload(actor, uploadId);
    if (upload.state !== 'failed' || !upload.failure || !isRetryableFailure(upload.failure.code)) {
      throw ApiError.conflict({ upload: [INGEST_MESSAGES.notRetryable] });
    }
    // The old failed job goes first: while the row still says failed, the reconciler leaves it alone.
    if (!(await this.queue.removeJob(uploadId))) {
      throw ApiError.unavailable(INGEST_MESSAGES.queueUnavailable, QUEUE_RETRY_AFTER_SECONDS);
    }
    const slot = await this.uploads.markRetried(uploadId, actor.userId, INGEST_LIMITS.maxQueuedPerUser);
    if (slot === 'busy')
      throw ApiError.tooManyRequests(QUEUE_RETRY_AFTER_SECONDS, INGEST_MESSAGES.tooManyQueued);
    if (!slot) throw ApiError.conflict({ upload: [INGEST_MESSAGES.notRetryable] });
    try {
      await this.queue.enqueue(uploadId, slot.ahead);
    } catch (error) {
      this.logger.warn(`retry ${uploadId}: queue unavailable (${String(error)})`);
      await this.uploads.unretry(uploadId, upload.failure);
      throw ApiError.unavailable(INGEST_MESSAGES.queueUnavailable, QUEUE_RETRY_AFTER_SECONDS);
    }
    return { success: true, message: INGEST_MESSAGES.queued, upload: await this.status(uploadId) };
  }

  async get(actor: UploadActor, uploadId: string): Promise<ChapterUploadResponse> {
    // Polled every few seconds while a chapter processes: one read answers both who may see it and what it says.
    const upload = await this.uploads.findWithFiles(uploadId);
    if (!upload || (upload.uploader_id !== actor.userId && !actor.staff)) throw ApiError.notFound();
    return { success: true, message: INGEST_MESSAGES.status, upload: toChapterUpload(upload) };
  }

  /** Abandons an upload that is not being processed and not done, with its files. */
  async remove(actor: UploadActor, uploadId: string): Promise<void> {
    const upload = await this.ownUpload(actor, uploadId);
    if (upload.state === 'processing' || upload.state === 'done') {
      throw ApiError.conflict({ upload: [INGEST_MESSAGES.notDeletable] });
    }
    // Pages an earlier run stored (a run handed back, then the upload deleted) go with it.
    await this.collector.release(uploadId);
    if (!(await this.uploads.deleteSettled(uploadId))) {
      throw ApiError.conflict({ upload: [INGEST_MESSAGES.notDeletable] });
    }
    // A queued job finds no row and does nothing; removing it only saves the worker a look.
    await this.queue.removeJob(uploadId);
    await this.workspace.remove(uploadId);
  }

  /** The upload, if it is the actor's own: anyone else's is reported as absent. */
  private async ownUpload(actor: UploadActor, uploadId: string): Promise<UploadRow> {
    const upload = await this.uploads.find(uploadId);
    if (!upload || upload.uploader_id !== actor.userId) throw ApiError.notFound();
    return upload;
  }

  private async status(uploadId: string): Promise<ChapterUpload> {
    const row = await this.uploads.findWithFiles(uploadId);
    if (!row) throw ApiError.notFound();
    return toChapterUpload(row);
  }
}
