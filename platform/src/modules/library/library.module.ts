import { Module } from '@nestjs/common';
import { SeriesModule } from '../series/series.module';
import { LibraryController } from './library.controller';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';

@Module({
  imports: [SeriesModule],
  controllers: [LibraryController],
  providers: [LibraryRepository, LibraryService],
  exports: [LibraryRepository],
})
export class LibraryModule {}
