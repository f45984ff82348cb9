import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../jobs/job-names';
import { ApiTokenRepository } from '../auth/api-token.repository';
import { IngestCoreModule } from '../ingest/ingest-core.module';
import { ChapterImportFiles } from '../novel-text/chapter-import-files';
import { AbandonedUploadsService } from './abandoned-uploads.service';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceScheduler } from './maintenance.scheduler';
import { MaintenanceService } from './maintenance.service';
import { WorkerHeartbeatService } from './worker-heartbeat.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.maintenance }), IngestCoreModule],
  providers: [
    // Auth's repository on its own: the worker needs its table, not the sign-in routes of AuthModule.
    ApiTokenRepository,
    MaintenanceService,
    AbandonedUploadsService,
    ChapterImportFiles,
    MaintenanceProcessor,
    MaintenanceScheduler,
    WorkerHeartbeatService,
  ],
  exports: [MaintenanceService, AbandonedUploadsService],
})
export class MaintenanceModule {}
