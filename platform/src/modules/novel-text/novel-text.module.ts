import { Module } from '@nestjs/common';
import { SeriesDataModule } from '../series/series-data.module';
import { ChapterImportFiles } from './chapter-import-files';
import { ChapterImportQueue } from './chapter-import.queue';
import { ChapterImportService } from './chapter-import.service';
import { NovelChaptersController } from './novel-chapters.controller';
import { NovelChaptersService } from './novel-chapters.service';

/**
 * Novel chapters in the API process: the text route and the producer side of the import queue. No
 * consumer is registered here: chapter files are read in the worker only.
 */
@Module({
  imports: [SeriesDataModule],
  controllers: [NovelChaptersController],
  providers: [NovelChaptersService, ChapterImportService, ChapterImportQueue, ChapterImportFiles],
})
export class NovelTextModule {}
