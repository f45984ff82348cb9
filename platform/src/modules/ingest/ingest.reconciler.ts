import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { IngestQueue, isLiveJob } from './ingest.queue';
import { IngestRepository } from './ingest.repository';
import { IngestRunner } from './ingest.runner';

export interface ReconcileResult {
  requeued: string[];
  failed: string[];
}

/**
 * Postgres is the record of uploads; Redis only carries their jobs. At worker start and then
 * periodically, every upload Postgres calls queued or processing gets a job again if the queue has
 * none (Redis restarted empty, an add was lost): an acknowledged upload is never stranded. One
 * whose job failed without the upload being told (its worker killed repeatedly) is marked failed.
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
    const result: ReconcileResult = { requeued: [], failed: [] };
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
    return result;
  }
}
