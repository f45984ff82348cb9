import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, type JobName, type JobPayloads, QUEUES } from '../../jobs/job-names';
import { MaintenanceService } from './maintenance.service';

/** Thin: dispatches each maintenance job to its service method. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost {
  constructor(private readonly maintenance: MaintenanceService) {
    super();
  }

  async process(job: Job<JobPayloads[JobName], unknown, JobName>): Promise<unknown> {
    switch (job.name) {
      case JOBS.tokensPurgeExpired:
        return { deleted: await this.maintenance.purgeExpiredTokens() };
      default: {
        const unknownName: never = job.name;
        throw new Error(`unknown maintenance job ${String(unknownName)}`);
      }
    }
  }
}
