import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FollowsModule } from '../follows/follows.module';
import { LibraryModule } from '../library/library.module';
import { SeriesModule } from '../series/series.module';
import { UsersModule } from '../users/users.module';
import { PageStateController } from './page-state.controller';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

@Module({
  imports: [AuthModule, SeriesModule, LibraryModule, FollowsModule, UsersModule],
  controllers: [ReactionsController, PageStateController],
  providers: [ReactionsRepository, ReactionsService],
})
export class ReactionsModule {}
