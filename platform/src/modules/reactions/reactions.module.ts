import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { SeriesModule } from '../series/series.module';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

@Module({
  imports: [SeriesModule, LibraryModule],
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService],
})
export class ReactionsModule {}
