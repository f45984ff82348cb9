import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FollowsModule } from '../follows/follows.module';
import { LibraryModule } from '../library/library.module';
import { SeriesModule } from '../series/series.module';
import { UsersModule } from '../users/users.module';
import { PageStateRoute } from './page-state.route';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

@Module({
  imports: [AuthModule, SeriesModule, LibraryModule, FollowsModule, UsersModule],
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService, PageStateRoute],
})
export class ReactionsModule {}
