import { Module } from '@nestjs/common';
import { RealtimeBusModule } from '../realtime/realtime-bus';
import { SeriesDataModule } from '../series/series-data.module';
import { AvifCopies } from './avif-copies';
import { IngestCoreModule } from './ingest-core.module';
import { IngestProcessor } from './ingest.processor';
import { IngestQueue } from './ingest.queue';
import { IngestReconciler } from './ingest.reconciler';
import { IngestRunner } from './ingest.runner';

/** Chapter ingest in the worker process: the consumer, its runner (progress goes out on the realtime bus) and the reconciler. */
@Module({
  imports: [IngestCoreModule, RealtimeBusModule, SeriesDataModule],
  providers: [IngestQueue, IngestRunner, IngestProcessor, IngestReconciler, AvifCopies],
})
export class IngestWorkerModule {}
