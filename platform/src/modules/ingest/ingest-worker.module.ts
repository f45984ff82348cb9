import { Module } from '@nestjs/common';
import { ModerationQueueModule } from '../moderation/moderation-queue.module';
import { IngestCoreModule } from './ingest-core.module';
import { IngestProcessor } from './ingest.processor';
import { IngestQueue } from './ingest.queue';
import { IngestReconciler } from './ingest.reconciler';
import { IngestRunner } from './ingest.runner';
import { IngestProgressPublisher } from './ingest-progress.publisher';

/** Chapter ingest in the worker process: the consumer, its runner, progress and the reconciler. */
@Module({
  imports: [IngestCoreModule, ModerationQueueModule],
  providers: [IngestQueue, IngestRunner, IngestProgressPublisher, IngestProcessor, IngestReconciler],
})
export class IngestWorkerModule {}
