import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type JobState, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { HealthResponse } from '@warraq/contracts';
import { withCommandTimeout } from '../../common/redis/command-timeout';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullPrefix, producerConnection } from '../../jobs/bullmq-connection';
import { JOBS, type JobPayloads, QUEUES } from '../../jobs/job-names';

type IngestJobName = typeof JOBS.chapterIngest | typeof JOBS.chapterAvif;
type IngestPayload = JobPayloads[IngestJobName];

/** How long adding a job may take before the caller gives up and answers 503. */
export const ENQUEUE_TIMEOUT_MS = 5_000;
const SHUTDOWN_TIMEOUT_MS = 2_000;
/** BullMQ's highest priority number (2^21 − 1; it refuses 2^21): the AVIF jobs', behind every upload. */
const MAX_PRIORITY = 2_097_151;

/** States in which a job will still run (or is running): no second one is needed. */
const LIVE_STATES: ReadonlySet<JobState | 'unknown'> = new Set([
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
]);

export function isLiveJob(state: JobState | 'unknown'): boolean {
  return LIVE_STATES.has(state);
}

/**
 * The `ingest` queue as the rest of the code uses it: one `chapter.ingest` job per upload, with the
 * upload id as job id, so adding twice never gives two jobs. Both processes use it: the API to add,
 * the worker's reconciler to add again what Redis lost. It only produces (its connection fails fast
 * when Redis is away), and it is closed here so that a close during an outage cannot hang or throw.
 */
@Injectable()
export class IngestQueue implements OnApplicationShutdown {
  /** Our own connection (BullMQ does not close a client it was given), so shutdown can always end it. */
  private readonly connection: Redis;
  private readonly queue: Queue<IngestPayload, unknown, IngestJobName>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { url, ...options } = producerConnection(config);
    this.connection = new Redis(url, options);
    const logOutage = outageLogger(new Logger(IngestQueue.name), 'ingest queue');
    this.connection.on('error', logOutage);
    this.queue = new Queue<IngestPayload, unknown, IngestJobName>(QUEUES.ingest, {
      connection: this.connection,
      prefix: bullPrefix(config),
    });
    this.queue.on('error', logOutage);
  }

  async onApplicationShutdown(): Promise<void> {
    // Closing may wait on a connection that is down; it gets a moment, then the socket is cut.
    await withTimeout(this.queue.close(), SHUTDOWN_TIMEOUT_MS).catch(() => undefined);
    this.connection.disconnect();
  }

  /**
   * Makes sure the upload has a job that will run. A finished or failed job of an earlier run is
   * removed first (its id would otherwise swallow the new one). Fails, within a few seconds at
   * most, when Redis is unavailable.
   *
   * `ahead` is how many of the uploader's own uploads are queued or processing before this one: the
   * job's priority, so every uploader's first chapter runs before anyone's second (BullMQ runs lower
   * numbers first, in arrival order within one). Another user's first chapter then waits for at most
   * the job already running.
   */
  async enqueue(uploadId: string, ahead: number): Promise<void> {
    await withTimeout(this.ensureJob(uploadId, ahead), ENQUEUE_TIMEOUT_MS);
  }

  /**
   * Queues the AVIF copies of a published chapter behind every upload (BullMQ's lowest priority),
   * runnable once the AVIF delay has passed. Adding it twice gives one job: the id is the chapter's.
   */
  async enqueueAvif(chapterId: number): Promise<void> {
    await withTimeout(
      this.queue.add(
        JOBS.chapterAvif,
        { chapterId },
        {
          jobId: avifJobId(chapterId),
          priority: MAX_PRIORITY,
          delay: this.config.ingest.avifDelayMs,
          attempts: this.config.ingest.attempts,
          backoff: { type: 'exponential', delay: this.config.ingest.backoffMs },
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      ),
      ENQUEUE_TIMEOUT_MS,
    );
  }

  /** Uploads waiting for the worker (every upload's job has a priority above the AVIF jobs'). */
  async uploadsWaiting(): Promise<number> {
    const [prioritized, avif] = await Promise.all([this.queue.getPrioritizedCount(), this.avifWaiting()]);
    return prioritized - avif;
  }

  /** AVIF jobs waiting to run: every one sits at the lowest priority, and nothing else does. */
  private async avifWaiting(): Promise<number> {
    const counts = await this.queue.getCountsPerPriority([MAX_PRIORITY]);
    return counts[String(MAX_PRIORITY)] ?? 0;
  }

  /**
   * Jobs per state, for the health panel; fails within a few seconds when Redis is unavailable.
   * Uploads waiting and AVIF jobs waiting are told apart: a hundred chapters' copies queued behind
   * the uploads are background work, not a backlog an uploader sits in.
   */
  async counts(): Promise<HealthResponse['queue']> {
    const [counts, imageCopies] = await withTimeout(
      Promise.all([
        this.queue.getJobCounts('waiting', 'active', 'failed', 'delayed', 'prioritized'),
        this.avifWaiting(),
      ]),
      ENQUEUE_TIMEOUT_MS,
    );
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) - imageCopies,
      imageCopies,
      active: counts.active ?? 0,
      failed: counts.failed ?? 0,
      delayed: counts.delayed ?? 0,
    };
  }

  async jobState(uploadId: string): Promise<JobState | 'unknown'> {
    return this.queue.getJobState(uploadId);
  }

  async avifJobState(chapterId: number): Promise<JobState | 'unknown'> {
    return this.queue.getJobState(avifJobId(chapterId));
  }

  /** Removes the upload's job unless a worker holds it; false when it could not be removed. */
  async removeJob(uploadId: string): Promise<boolean> {
    try {
      await withTimeout(this.queue.remove(uploadId), ENQUEUE_TIMEOUT_MS);
      return true;
    } catch {
      return false;
    }
  }

  private async ensureJob(uploadId: string, ahead: number): Promise<void> {
    const state = await this.queue.getJobState(uploadId);
    if (isLiveJob(state)) return;
    if (state !== 'unknown') await this.queue.remove(uploadId);
    const { attempts, backoffMs } = this.config.ingest;
    await this.queue.add(
      JOBS.chapterIngest,
      { uploadId },
      {
        jobId: uploadId,
        priority: Math.min(1 + ahead, MAX_PRIORITY - 1),
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        removeOnComplete: true,
        // Kept a week for diagnosis; the upload row holds what the uploader sees.
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }
}

export const avifJobId = (chapterId: number): string => `avif-${chapterId}`;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return withCommandTimeout(work, ms, 'adding the ingest job took too long');
}
