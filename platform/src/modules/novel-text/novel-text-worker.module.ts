import { Module } from '@nestjs/common';
import { ChapterImportFiles } from './chapter-import-files';
import { ChapterImportProcessor } from './chapter-import.processor';

/** Chapter-file imports in the worker process: the consumer of the `novel-import` queue. */
@Module({ providers: [ChapterImportFiles, ChapterImportProcessor] })
export class NovelTextWorkerModule {}
