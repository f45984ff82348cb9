import { Module } from '@nestjs/common';
import { FollowsModule } from '../follows/follows.module';
import { SeriesModule } from '../series/series.module';
import { UsersModule } from '../users/users.module';
import { LibraryController } from './library.controller';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';

@Module({
  imports: [SeriesModule, UsersModule, FollowsModule],
  controllers: [LibraryController],
  providers: [LibraryRepository, LibraryService],
  exports: [LibraryRepository],
})
export class LibraryModule {}
