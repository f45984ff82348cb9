import { Injectable, Logger } from '@nestjs/common';
import { type IngestFailure, INGEST_MESSAGES, isRetryableFailure, REALTIME_EVENTS } from '@warraq/contracts';
import { MediaCollector } from '../media/media-collector';
import { RealtimeBus } from '../realtime/realtime-bus';
import { ChaptersRepository } from '../series/chapters.repository';
import { ModerationQueue } from '../series/moderation-queue.service';
import { SeriesRepository } from '../series/series.repository';
import { Transactions } from '../../database/transactions';
import { toChapterUpload } from './ingest.mapper';
import { IngestQueue } from './ingest.queue';
import { IngestRepository, type UploadWithFiles } from './ingest.repository';
import { IngestWorkspace } from './ingest-workspace';
import { processChapterSource } from './processing/process-chapter';
import { IngestRejection, type ProcessedPage } from './processing/processing.types';
import { type Progress, ProgressThrottle } from './progress-throttle';

/** At most five progress writes (and `/ws` events) per second per upload. */
export const PROGRESS_INTERVAL_MS = 200;

export type RunOutcome = 'done' | 'skipped' | 'rejected' | 'duplicate' | 'handed-back';

export interface RunContext {
  /** Aborted when the worker is shutting down: the chapter is handed back between pages. */
  signal: AbortSignal;
  /** No retry follows if this attempt fails: a transient error then fails the upload for good. */
  lastAttempt: boolean;
}

const INTERNAL_FAILURE: IngestFailure = {
  code: 'internal',
  message: INGEST_MESSAGES.processingFailed,
  file: null,
};

const DUPLICATE_FAILURE: IngestFailure = {
  code: 'duplicate_chapter',
  message: INGEST_MESSAGES.duplicateChapter,
  file: null,
};

/**
 * One processing run of an upload, safe to repeat: pages are content-addressed (storing them twice
 * is harmless) and the chapter appears in one transaction that first re-checks, under a row lock,
 * that the upload is still processing. So a run after a crash, or two runs racing, publish the
 * chapter exactly once, never with missing pages.
 */
@Injectable()
export class IngestRunner {
  private readonly logger = new Logger(IngestRunner.name);

  constructor(
    private readonly uploads: IngestRepository,
    private readonly series: SeriesRepository,
    private readonly chapters: ChaptersRepository,
    private readonly transactions: Transactions,
    private readonly workspace: IngestWorkspace,
    private readonly collector: MediaCollector,
    private readonly bus: RealtimeBus,
    private readonly moderationQueue: ModerationQueue,
    private readonly queue: IngestQueue,
  ) {}

  async run(uploadId: string, context: RunContext): Promise<RunOutcome> {
    const upload = await this.uploads.findWithFiles(uploadId);
    // Deleted, done, failed (a retry re-queues it first) or not committed: nothing to do.
    if (!upload || (upload.state !== 'queued' && upload.state !== 'processing')) return 'skipped';
    if (!(await this.uploads.markProcessing(uploadId))) return 'skipped';
    await this.publishStatus(uploadId);

    let pages: ProcessedPage[];
    try {
      pages = await this.process(upload, context.signal);
    } catch (error) {
      if (context.signal.aborted) {
        await this.uploads.handBack(uploadId);
        await this.publishStatus(uploadId);
        return 'handed-back';
      }
      if (error instanceof IngestRejection) {
        await this.fail(uploadId, { code: error.code, message: error.message, file: error.file });
        return 'rejected';
      }
      return this.transientFailure(uploadId, error, context);
    }

    let published: { outcome: RunOutcome; chapterId: number | null };
    try {
      published = await this.publish(upload, pages);
    } catch (error) {
      return this.transientFailure(uploadId, error, context);
    }
    const { outcome, chapterId } = published;
    if (outcome === 'done') await this.workspace.remove(uploadId);
    else await this.workspace.removeWorkDir(uploadId);
    if (outcome === 'duplicate') await this.releaseMedia(uploadId);
    await this.publishStatus(uploadId);
    // The new chapter waits for moderation: staff dashboards hear of it (best effort, never throws).
    if (chapterId !== null) {
      await this.moderationQueue.announceSubmitted('chapter', chapterId);
      await this.queueAvifCopies(chapterId);
    }
    return outcome;
  }

  private async process(upload: UploadWithFiles, signal: AbortSignal): Promise<ProcessedPage[]> {
    const progress = new ProgressThrottle(
      (p) => this.saveProgress(upload.id, p),
      PROGRESS_INTERVAL_MS,
      (error) => this.logger.warn(`progress of ${upload.id} not saved: ${String(error)}`),
    );
    try {
      const pages = await processChapterSource(
        {
          method: upload.upload_method,
          files: upload.files.map((f) => ({
            path: this.workspace.originalPath(upload.id, f.index),
            name: f.name,
          })),
        },
        {
          workDir: this.workspace.workDir(upload.id),
          // Pages stored here are claimed for this upload, and media objects only once it commits.
          storage: this.collector.stagingFor(upload.id),
          signal,
          onTotal: (total) => progress.report({ processed: 0, total }),
          onPage: (processed, total) => progress.report({ processed, total }),
        },
      );
      await progress.settle();
      if (pages.length === 0) throw new Error(`processing of ${upload.id} returned no pages`);
      return pages;
    } catch (error) {
      await progress.cancel();
      throw error;
    }
  }

  /**
   * The one transaction that makes the chapter exist: upload row locked and still processing, the
   * series locked and the variant still free, then chapter, every page and the upload's `done`.
   */
  private publish(
    upload: UploadWithFiles,
    pages: ProcessedPage[],
  ): Promise<{ outcome: RunOutcome; chapterId: number | null }> {
    return this.transactions.run(async (tx) => {
      if ((await this.uploads.lockState(tx, upload.id)) !== 'processing') {
        return { outcome: 'skipped', chapterId: null };
      }
      await this.series.lock(tx, upload.series_id);
      const variant = {
        seriesId: upload.series_id,
        number: upload.number,
        language: upload.language,
        translationGroup: upload.translation_group,
      };
      if (await this.chapters.variantExists(variant, tx)) {
        await this.uploads.markFailed(upload.id, DUPLICATE_FAILURE, tx);
        return { outcome: 'duplicate', chapterId: null };
      }
      const pageCount = new Set(pages.map((p) => p.sourceIndex)).size;
      const chapterId = await this.chapters.insertWithPages(
        tx,
        { ...variant, title: upload.title, uploaderId: upload.uploader_id, pageCount },
        pages,
      );
      await this.uploads.markDone(tx, upload.id, chapterId, pageCount);
      await this.collector.commit(
        tx,
        upload.id,
        pages.flatMap((p) => [
          { key: p.mediaKey, bytes: p.bytes },
          ...p.renditions.map((r) => ({ key: r.mediaKey, bytes: r.bytes })),
        ]),
      );
      return { outcome: 'done', chapterId };
    });
  }

  /** After publication, never before it; a chapter whose job is lost is served in WebP, as it was. */
  private async queueAvifCopies(chapterId: number): Promise<void> {
    await this.queue.enqueueAvif(chapterId).catch((error: unknown) => {
      this.logger.warn(`AVIF copies of chapter ${chapterId} not queued: ${String(error)}`);
    });
  }

  private async saveProgress(uploadId: string, progress: Progress): Promise<void> {
    await this.uploads.saveProgress(uploadId, progress.processed, progress.total);
    await this.publishStatus(uploadId);
  }

  /**
   * Its pages go first: by the time the uploader reads "failed", nothing of the run is left. The
   * originals stay only for a failure a retry can cure; a refusal of the files themselves removes them.
   */
  private async fail(uploadId: string, failure: IngestFailure): Promise<void> {
    await this.releaseMedia(uploadId);
    await this.uploads.markFailed(uploadId, failure);
    await this.removeFiles(uploadId, failure);
    await this.publishStatus(uploadId);
  }

  private async removeFiles(uploadId: string, failure: IngestFailure): Promise<void> {
    if (isRetryableFailure(failure.code)) await this.workspace.removeWorkDir(uploadId);
    else await this.workspace.remove(uploadId);
  }

  /** The pages a run stored for an upload that will not publish; what fails here the collector sweeps later. */
  private async releaseMedia(uploadId: string): Promise<void> {
    await this.collector.release(uploadId).catch((error: unknown) => {
      this.logger.warn(`staged media of ${uploadId} not freed: ${String(error)}`);
    });
  }

  /** Rethrown for the queue to retry; on the last attempt the upload fails with a generic reason. */
  private async transientFailure(uploadId: string, error: unknown, context: RunContext): Promise<never> {
    this.logger.error(
      `ingest ${uploadId} failed${context.lastAttempt ? ' for good' : ', will retry'}: ${
        error instanceof Error ? (error.stack ?? error.message) : String(error)
      }`,
    );
    if (context.lastAttempt) await this.fail(uploadId, INTERNAL_FAILURE).catch(() => undefined);
    throw error;
  }

  /**
   * Sends the upload's current status (read back from Postgres, so it is exactly what GET answers)
   * to the uploader's sockets as `ingest.progress`, through the realtime bus like every per-user
   * event. Best effort: a missed message costs the uploader one progress step, never the chapter, so
   * a failed read is logged and processing goes on (the bus logs its own failures).
   */
  private async publishStatus(uploadId: string): Promise<void> {
    try {
      const row = await this.uploads.findWithFiles(uploadId);
      if (!row) return;
      await this.bus.toUser(row.uploader_id, {
        event: REALTIME_EVENTS.ingestProgress,
        data: toChapterUpload(row),
      });
    } catch (error) {
      this.logger.warn(`progress of ${uploadId} not published: ${String(error)}`);
    }
  }

  /** Marks an upload whose job died without a word (its worker killed too often) as failed. */
  async failLost(uploadId: string): Promise<void> {
    await this.fail(uploadId, INTERNAL_FAILURE);
  }
}
