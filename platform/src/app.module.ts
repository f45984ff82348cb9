import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ApiExceptionFilter } from './common/filters/api-exception.filter';
import { AccessGuard } from './modules/auth/access.guard';
import { RedisModule } from './common/redis/redis.module';
import { mikroOrmConfig } from './database/mikro-orm.config';
import { TransactionsModule } from './database/transactions';
import { AuthModule } from './modules/auth/auth.module';
import { CommentsModule } from './modules/comments/comments.module';
import { CommunityModule } from './modules/community/community.module';
import { FeedsModule } from './modules/feeds/feeds.module';
import { IngestModule } from './modules/ingest/ingest.module';
import { FollowsModule } from './modules/follows/follows.module';
import { LibraryModule } from './modules/library/library.module';
import { MediaModule } from './modules/media/media.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { NovelTextModule } from './modules/novel-text/novel-text.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PointsModule } from './modules/points/points.module';
import { ProfileModule } from './modules/profile/profile.module';
import { ReactionsModule } from './modules/reactions/reactions.module';
import { SeriesModule } from './modules/series/series.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { SystemModule } from './modules/system/system.module';
import { UsersModule } from './modules/users/users.module';

/** The HTTP + WebSocket application. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({ ...mikroOrmConfig(config), registerRequestContext: true }),
        RedisModule,
        TransactionsModule,
        AuthModule,
        UsersModule,
        MediaModule,
        SeriesModule,
        IngestModule,
        NovelTextModule,
        ReactionsModule,
        LibraryModule,
        ModerationModule,
        NotificationsModule,
        FollowsModule,
        CommentsModule,
        CommunityModule,
        PointsModule,
        ProfileModule,
        SystemModule,
        FeedsModule,
        RealtimeModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
