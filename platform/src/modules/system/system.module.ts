import { Module } from '@nestjs/common';
import { IngestModule } from '../ingest/ingest.module';
import { SeriesDataModule } from '../series/series-data.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { ApiRequestCounter } from './api-request-counter';
import { ClientErrorsRepository } from './client-errors.repository';
import { ClientErrorsService } from './client-errors.service';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { RegistryRepository } from './registry.repository';
import { RegistryService } from './registry.service';
import { StatsService } from './stats.service';
import { OpenApiController } from './openapi.controller';
import { SystemController } from './system.controller';

/** Services and domains, health, statistics and client error reports: the admin area's platform side. */
@Module({
  imports: [IngestModule, SeriesDataModule, RealtimeModule, UsersModule],
  controllers: [SystemController, OpenApiController],
  providers: [
    RegistryRepository,
    RegistryService,
    HealthRepository,
    HealthService,
    StatsService,
    ApiRequestCounter,
    ClientErrorsRepository,
    ClientErrorsService,
  ],
  exports: [ApiRequestCounter],
})
export class SystemModule {}
