import { ContentVersion } from './content-version.service';
import { SeriesCountCache } from './series-count.cache';
import { Module } from '@nestjs/common';
import { ChaptersController } from './chapters.controller';
import { ChaptersService } from './chapters.service';
import { HomeFeedService } from './home-feed.service';
import { SeriesController } from './series.controller';
import { SeriesDataModule } from './series-data.module';
import { SeriesService } from './series.service';

@Module({
  imports: [SeriesDataModule],
  controllers: [SeriesController, ChaptersController],
  providers: [SeriesService, ChaptersService, HomeFeedService, SeriesCountCache, ContentVersion],
  exports: [SeriesDataModule, HomeFeedService, SeriesCountCache, ContentVersion],
})
export class SeriesModule {}
