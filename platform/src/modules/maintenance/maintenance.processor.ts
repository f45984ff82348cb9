import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, type JobPayloads, type JobsOf, QUEUES } from '../../jobs/job-names';
import { AbandonedUploadsService } from './abandoned-uploads.service';
import { MaintenanceService } from './maintenance.service';

type MaintenanceJob = JobsOf<typeof QUEUES.maintenance>;

/** Thin: dispatches each maintenance job to its service method. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost {
  constructor(
    private readonly maintenance: MaintenanceService,
    private readonly abandonedUploads: AbandonedUploadsService,
  ) {
    super();
  }

  async process(job: Job<JobPayloads[MaintenanceJob], unknown, MaintenanceJob>): Promise<unknown> {
    switch (job.name) {
      case JOBS.tokensPurgeExpired:
        return { deleted: await this.maintenance.purgeExpiredTokens() };
      case JOBS.uploadsPurgeAbandoned:
        return { deleted: await this.abandonedUploads.purge() };
      default: {
        const unknownName: never = job.name;
        throw new Error(`unknown maintenance job ${String(unknownName)}`);
      }
    }
  }
}
