import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../jobs/job-names';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceScheduler } from './maintenance.scheduler';
import { MaintenanceService } from './maintenance.service';
import { WorkerHeartbeatService } from './worker-heartbeat.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.maintenance })],
  providers: [MaintenanceService, MaintenanceProcessor, MaintenanceScheduler, WorkerHeartbeatService],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
