import { Module } from '@nestjs/common';
import { IngestModule } from '../ingest/ingest.module';
import { ModerationQueueModule } from '../moderation/moderation-queue.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { ApiRequestCounter } from './api-request-counter';
import { ClientErrorsService } from './client-errors.service';
import { HealthService } from './health.service';
import { RegistryService } from './registry.service';
import { StatsService } from './stats.service';
import { OpenApiController } from './openapi.controller';
import { SystemController } from './system.controller';

/** Services and domains, health, statistics and client error reports: the admin area's platform side. */
@Module({
  imports: [IngestModule, ModerationQueueModule, RealtimeModule],
  controllers: [SystemController, OpenApiController],
  providers: [RegistryService, HealthService, StatsService, ApiRequestCounter, ClientErrorsService],
  exports: [ApiRequestCounter],
})
export class SystemModule {}
