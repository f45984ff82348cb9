import { ContentVersion } from './content-version.service';
import { SeriesCountCache } from './series-count.cache';
import { Module } from '@nestjs/common';
import { ChaptersController } from './chapters.controller';
import { ChaptersRepository } from './chapters.repository';
import { ChaptersService } from './chapters.service';
import { ModerationQueueModule } from '../moderation/moderation-queue.module';
import { HomeFeedService } from './home-feed.service';
import { SeriesController } from './series.controller';
import { SeriesRepository } from './series.repository';
import { SeriesService } from './series.service';

@Module({
  imports: [ModerationQueueModule],
  controllers: [SeriesController, ChaptersController],
  providers: [
    SeriesRepository,
    ChaptersRepository,
    SeriesService,
    ChaptersService,
    HomeFeedService,
    SeriesCountCache,
    ContentVersion,
  ],
  exports: [SeriesRepository, ChaptersRepository, HomeFeedService, SeriesCountCache, ContentVersion],
})
export class SeriesModule {}
