import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullPrefix, producerConnection } from '../../jobs/bullmq-connection';
import { JOBS, type JobPayloads, QUEUES } from '../../jobs/job-names';

type FanoutPayload = JobPayloads[typeof JOBS.chaptersFanout];

/**
 * Chapters of one series approved within this window share one fan-out job (and each follower one
 * live push): the job id names the series and the window, and BullMQ ignores a second add of an id.
 */
export const FANOUT_BATCH_MS = 2_000;
const ENQUEUE_TIMEOUT_MS = 2_000;

/** The id of the job that announces a series' chapters approved at `now`, and how long it waits. */
export function fanoutJob(seriesId: number, now: number): { jobId: string; delay: number } {
  const window = Math.floor(now / FANOUT_BATCH_MS);
  return { jobId: `series-${seriesId}-${window}`, delay: (window + 1) * FANOUT_BATCH_MS - now };
}

/**
 * Adds fan-out jobs. Never makes an approval fail or wait: a job that cannot be added within a
 * moment is logged, and the worker's sweep finds the chapter on the waiting list later.
 */
@Injectable()
export class FanoutQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(FanoutQueue.name);
  private readonly connection: Redis;
  private readonly queue: Queue<FanoutPayload>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { url, ...options } = producerConnection(config);
    this.connection = new Redis(url, { ...options, connectionName: `${options.connectionName}:fanout` });
    const logOutage = outageLogger(this.logger, 'fan-out queue');
    this.connection.on('error', logOutage);
    this.queue = new Queue<FanoutPayload>(QUEUES.follows, {
      connection: this.connection,
      prefix: bullPrefix(config),
    });
    this.queue.on('error', logOutage);
  }

  async enqueue(seriesId: number, now = Date.now()): Promise<void> {
    const { jobId, delay } = fanoutJob(seriesId, now);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add(
          JOBS.chaptersFanout,
          { seriesId },
          {
            jobId,
            delay,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: { age: 3600 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
        ),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.logger.warn(`fan-out of series ${seriesId} not queued (the sweep retries it): ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.race([this.queue.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]).catch(
      () => undefined,
    );
    this.connection.disconnect();
  }
}
