import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { outageLogger } from '../../common/redis/outage-log';
import {
  JOBS,
  MEDIA_SWEEP_EVERY_MS,
  QUEUES,
  TOKENS_PURGE_EVERY_MS,
  UPLOADS_PURGE_EVERY_MS,
} from '../../jobs/job-names';

/** Registers the repeatable maintenance jobs (upsert: idempotent across restarts and replicas). */
@Injectable()
export class MaintenanceScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QUEUES.maintenance) private readonly queue: Queue) {
    queue.on('error', outageLogger(new Logger(MaintenanceScheduler.name), 'maintenance queue'));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JOBS.tokensPurgeExpired,
      { every: TOKENS_PURGE_EVERY_MS },
      {
        name: JOBS.tokensPurgeExpired,
        data: {},
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: 100,
          removeOnFail: 500,
        },
      },
    );
    await this.queue.upsertJobScheduler(
      JOBS.mediaSweep,
      { every: MEDIA_SWEEP_EVERY_MS },
      {
        name: JOBS.mediaSweep,
        data: {},
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: 20,
          removeOnFail: 50,
        },
      },
    );
    await this.queue.upsertJobScheduler(
      JOBS.uploadsPurgeAbandoned,
      { every: UPLOADS_PURGE_EVERY_MS },
      {
        name: JOBS.uploadsPurgeAbandoned,
        data: {},
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: 100,
          removeOnFail: 500,
        },
      },
    );
  }
}
