import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullPrefix, producerConnection } from '../../jobs/bullmq-connection';
import { QUEUES } from '../../jobs/job-names';
import { IngestController } from './ingest.controller';
import { IngestCoreModule } from './ingest-core.module';
import { IngestQueue } from './ingest.queue';
import { IngestService } from './ingest.service';

/**
 * Chapter ingest in the API process: the upload routes and a producer-only queue (fail-fast Redis
 * connection). No processor is registered here, so this process never processes pages.
 */
@Module({
  imports: [
    IngestCoreModule,
    BullModule.registerQueueAsync({
      name: QUEUES.ingest,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: producerConnection(config),
        prefix: bullPrefix(config),
      }),
    }),
  ],
  controllers: [IngestController],
  providers: [IngestService, IngestQueue],
})
export class IngestModule {}
