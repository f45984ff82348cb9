import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ChaptersRepository } from '../series/chapters.repository';
import { IngestQueue, isLiveJob } from './ingest.queue';
import { IngestRepository } from './ingest.repository';
import { IngestRunner } from './ingest.runner';

export interface ReconcileResult {
  requeued: string[];
  failed: string[];
  /** Chapters whose AVIF job was lost and is queued again. */
  avifRequeued: number[];
}

/** At most this many lost AVIF jobs are queued again a pass, so a Redis restart does not flood it. */
const AVIF_BATCH = 100;

/**
 * Postgres is the record of uploads; Redis only carries their jobs. At worker start and then
 * periodically, every upload Postgres calls queued or processing gets a job again if the queue has
 * none (Redis restarted empty, an add was lost): an acknowledged upload is never stranded. One
 * whose job failed without the upload being told (its worker killed repeatedly) is marked failed.
 * Likewise a published chapter still listed for AVIF copies gets its low-priority job again; one
 * whose job failed for good stays in WebP, as a chapter without copies is served anyway.
 */
@Injectable()
export class IngestReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(IngestReconciler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileResult> | null = null;

  constructor(
    private readonly uploads: IngestRepository,
    private readonly queue: IngestQueue,
    private readonly runner: IngestRunner,
    private readonly chapters: ChaptersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () =>
      void this.reconcile().catch((error: unknown) => this.logger.warn(`reconcile: ${String(error)}`));
    tick();
    this.timer = setInterval(tick, this.config.ingest.reconcileMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass; concurrent calls share the pass in progress. */
  reconcile(): Promise<ReconcileResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<ReconcileResult> {
    const result: ReconcileResult = { requeued: [], failed: [], avifRequeued: [] };
    for (const { id, uploader_id: uploaderId } of await this.uploads.unsettled()) {
      const state = await this.queue.jobState(id);
      if (isLiveJob(state)) continue;
      if (state === 'failed') {
        await this.runner.failLost(id);
        result.failed.push(id);
        continue;
      }
      await this.queue.enqueue(id, await this.uploads.queuedAhead(uploaderId, id));
      result.requeued.push(id);
    }
    if (result.requeued.length > 0) this.logger.log(`re-enqueued ${result.requeued.length} upload(s)`);
    await this.reconcileAvif(result);
    return result;
  }

  /**
   * Only chapters listed for a whole reconcile period: one just published has its job added right
   * after its transaction commits, and must not be taken for lost in between.
   */
  private async reconcileAvif(result: ReconcileResult): Promise<void> {
    for (const chapterId of await this.chapters.avifOverdue(this.config.ingest.reconcileMs, AVIF_BATCH)) {
      const state = await this.queue.avifJobState(chapterId);
      if (isLiveJob(state)) continue;
      if (state === 'failed') {
        this.logger.warn(`AVIF copies of chapter ${chapterId} failed; it is served in WebP`);
        await this.chapters.avifDone(chapterId);
        continue;
      }
      await this.queue.enqueueAvif(chapterId);
      result.avifRequeued.push(chapterId);
    }
    if (result.avifRequeued.length > 0) {
      this.logger.log(`re-enqueued the AVIF copies of ${result.avifRequeued.length} chapter(s)`);
    }
  }
}
