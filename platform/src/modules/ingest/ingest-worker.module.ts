import { Module } from '@nestjs/common';
import { IngestCoreModule } from './ingest-core.module';
import { IngestProcessor } from './ingest.processor';
import { IngestQueue } from './ingest.queue';
import { IngestReconciler } from './ingest.reconciler';
import { IngestRunner } from './ingest.runner';
import { IngestProgressPublisher } from './ingest-progress.publisher';

/** Chapter ingest in the worker process: the consumer, its runner, progress and the reconciler. */
@Module({
  imports: [IngestCoreModule],
  providers: [IngestQueue, IngestRunner, IngestProgressPublisher, IngestProcessor, IngestReconciler],
})
export class IngestWorkerModule {}
