import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JOBS, type JobPayloads, type JobsOf, QUEUES } from '../../jobs/job-names';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MediaCollector } from '../media/media-collector';
import { AbandonedUploadsService } from './abandoned-uploads.service';
import { MaintenanceService } from './maintenance.service';

type MaintenanceJob = JobsOf<typeof QUEUES.maintenance>;

/** Thin: dispatches each maintenance job to its service method. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost {
  private readonly logWorkerError = outageLogger(new Logger(MaintenanceProcessor.name), 'maintenance worker');

  constructor(
    private readonly maintenance: MaintenanceService,
    private readonly abandonedUploads: AbandonedUploadsService,
    private readonly collector: MediaCollector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job<JobPayloads[MaintenanceJob], unknown, MaintenanceJob>): Promise<unknown> {
    switch (job.name) {
      case JOBS.tokensPurgeExpired:
        return { deleted: await this.maintenance.purgeExpiredTokens() };
      case JOBS.uploadsPurgeAbandoned:
        return { deleted: await this.abandonedUploads.purge() };
      case JOBS.mediaSweep:
        return this.collector.sweep(this.config.mediaGcGraceMs);
      default: {
        const unknownName: never = job.name;
        throw new Error(`unknown maintenance job ${String(unknownName)}`);
      }
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logWorkerError(error);
  }
}
