import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { SeriesModule } from '../series/series.module';
import { UsersModule } from '../users/users.module';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

@Module({
  imports: [SeriesModule, LibraryModule, UsersModule],
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService],
})
export class ReactionsModule {}
