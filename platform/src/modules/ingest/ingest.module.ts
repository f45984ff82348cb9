import { Module } from '@nestjs/common';
import { IngestController } from './ingest.controller';
import { SeriesDataModule } from '../series/series-data.module';
import { IngestCoreModule } from './ingest-core.module';
import { IngestQueue } from './ingest.queue';
import { IngestService } from './ingest.service';

/**
 * Chapter ingest in the API process: the upload routes and the producer side of the queue. No
 * consumer is registered here, so this process never processes pages.
 */
@Module({
  imports: [IngestCoreModule, SeriesDataModule],
  controllers: [IngestController],
  providers: [IngestService, IngestQueue],
  exports: [IngestQueue],
})
export class IngestModule {}
