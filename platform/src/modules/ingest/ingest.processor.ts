import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullConnection, bullPrefix } from '../../jobs/bullmq-connection';
import { JOBS, type JobPayloads, type JobsOf, QUEUES } from '../../jobs/job-names';
import { AvifCopies } from './avif-copies';
import { IngestQueue } from './ingest.queue';
import { IngestRunner, type RunOutcome } from './ingest.runner';

type IngestJobName = JobsOf<typeof QUEUES.ingest>;
type JobOutcome = RunOutcome | 'avif-done';
type IngestJob = Job<JobPayloads[IngestJobName], JobOutcome, IngestJobName>;

/**
 * The BullMQ consumer of the `ingest` queue, in the worker process only: one chapter at a time (pages
 * are processed concurrently inside it), lock and stall timings from the configuration.
 *
 * Built here rather than with `@Processor` because its options come from the configuration, and so
 * that it closes in `beforeApplicationShutdown`: the running chapter finishes (or, past the grace
 * period, is handed back between pages) while Postgres and Redis are still open.
 */
@Injectable()
export class IngestProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(IngestProcessor.name);
  private readonly stopping = new AbortController();
  private worker: Worker<JobPayloads[IngestJobName], JobOutcome, IngestJobName> | undefined;

  constructor(
    private readonly runner: IngestRunner,
    private readonly avif: AvifCopies,
    private readonly queue: IngestQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { lockMs, stalledIntervalMs } = this.config.ingest;
    const worker = new Worker<JobPayloads[IngestJobName], JobOutcome, IngestJobName>(
      QUEUES.ingest,
      (job: IngestJob, token?: string, signal?: AbortSignal) => this.process(job, token, signal),
      {
        connection: bullConnection(this.config),
        prefix: bullPrefix(this.config),
        concurrency: 1,
        lockDuration: lockMs,
        stalledInterval: stalledIntervalMs,
        // A chapter whose worker died is handed to another; one that kills its worker twice more fails.
        maxStalledCount: 2,
      },
    );
    worker.on('error', outageLogger(this.logger, 'ingest worker'));
    this.worker = worker;
  }

  async beforeApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const grace = setTimeout(() => this.stopping.abort(), this.config.ingest.shutdownGraceMs);
    try {
      await worker.close();
    } finally {
      clearTimeout(grace);
    }
  }

  /** Thin: runs the upload and turns the outcome into what BullMQ should do with the job. */
  async process(
    job: IngestJob,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JobOutcome> {
    const stop = signal ? AbortSignal.any([signal, this.stopping.signal]) : this.stopping.signal;
    switch (job.name) {
      case JOBS.chapterIngest:
        return this.ingest(job as Job<JobPayloads[typeof JOBS.chapterIngest]>, token, stop);
      case JOBS.chapterAvif:
        return this.avifCopies(job as Job<JobPayloads[typeof JOBS.chapterAvif]>, token, stop);
      default: {
        const unknownName: never = job.name;
        throw new UnrecoverableError(`unknown ingest job ${String(unknownName)}`);
      }
    }
  }

  /**
   * The AVIF copies give way between pages to a waiting upload and to shutdown: the job goes back to
   * the queue (behind the uploads, at its priority) and the next run starts at the first page without
   * copies, so an upload waits at most one page's AVIF encodes.
   */
  private async avifCopies(
    job: Job<JobPayloads[typeof JOBS.chapterAvif]>,
    token: string | undefined,
    stop: AbortSignal,
  ): Promise<JobOutcome> {
    const outcome = await this.avif.run(
      job.data.chapterId,
      async () => stop.aborted || (await this.queue.uploadsWaiting()) > 0,
    );
    if (outcome === 'done') return 'avif-done';
    await job.moveToWait(token);
    throw new WaitingError();
  }

  private async ingest(
    job: Job<JobPayloads[typeof JOBS.chapterIngest]>,
    token: string | undefined,
    stop: AbortSignal,
  ): Promise<JobOutcome> {
    const outcome = await this.runner.run(job.data.uploadId, {
      signal: stop,
      lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
    });
    if (outcome === 'rejected' || outcome === 'duplicate') {
      // The upload itself is refused: no retry can help (the uploader may retry by hand).
      throw new UnrecoverableError(outcome);
    }
    if (outcome === 'handed-back') {
      // Back to waiting without spending an attempt; another worker (or this one restarted) takes it.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    return outcome;
  }
}
