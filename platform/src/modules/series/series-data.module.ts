import { Module } from '@nestjs/common';
import { RealtimeBusModule } from '../realtime/realtime-bus';
import { ChaptersRepository } from './chapters.repository';
import { ModerationQueueRepository } from './moderation-queue.repository';
import { ModerationQueue } from './moderation-queue.service';
import { SeriesRepository } from './series.repository';

/**
 * The catalogue's tables (series, chapter, page, chapter_view) and the moderation queue over them,
 * without the routes: what other modules import to read or write them through their owner — the
 * ingest worker publishing and announcing a chapter among them, which must not load the series
 * routes and caches.
 */
@Module({
  imports: [RealtimeBusModule],
  providers: [SeriesRepository, ChaptersRepository, ModerationQueueRepository, ModerationQueue],
  exports: [SeriesRepository, ChaptersRepository, ModerationQueue],
})
export class SeriesDataModule {}
