import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { outageLogger } from '../../common/redis/outage-log';
import { JOBS, type JobPayloads, QUEUES } from '../../jobs/job-names';
import { FanoutQueue } from './fanout.queue';
import { FanoutService } from './fanout.service';
import { FollowsRepository } from './follows.repository';

/** A chapter or series still waiting this long lost its job (Redis restarted, or the API could not add it). */
const STALE_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;

/** Thin: runs the fan-out of a series; every minute, queues again what waits too long. */
@Processor(QUEUES.follows)
export class FanoutProcessor extends WorkerHost implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(FanoutProcessor.name);
  private readonly logWorkerError = outageLogger(this.logger, 'fan-out worker');
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly fanout: FanoutService,
    private readonly queue: FanoutQueue,
    private readonly follows: FollowsRepository,
  ) {
    super();
  }

  onModuleInit(): void {
    this.sweep = setInterval(() => void this.requeueStale(), SWEEP_EVERY_MS);
    this.sweep.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweep);
  }

  async process(job: Job<JobPayloads[typeof JOBS.chaptersFanout]>): Promise<unknown> {
    if (job.name !== JOBS.chaptersFanout) throw new Error(`unknown fan-out job ${job.name}`);
    return this.fanout.fanOutSeries(job.data.seriesId);
  }

  private async requeueStale(): Promise<void> {
    try {
      for (const seriesId of await this.follows.staleFanoutSeries(STALE_MS))
        await this.queue.enqueue(seriesId);
    } catch (error) {
      this.logger.warn(`fan-out sweep failed: ${String(error)}`);
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logWorkerError(error);
  }
}
