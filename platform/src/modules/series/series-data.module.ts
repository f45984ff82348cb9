import { Module } from '@nestjs/common';
import { ChaptersRepository } from './chapters.repository';
import { SeriesRepository } from './series.repository';

/**
 * The catalogue's tables (series, chapter, page, chapter_view) without the routes: what other modules
 * import to read or write them through their owner — the ingest worker publishing a chapter among
 * them, which must not load the series routes and caches.
 */
@Module({
  providers: [SeriesRepository, ChaptersRepository],
  exports: [SeriesRepository, ChaptersRepository],
})
export class SeriesDataModule {}
