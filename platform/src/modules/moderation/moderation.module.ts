import { Module } from '@nestjs/common';
import { IngestCoreModule } from '../ingest/ingest-core.module';
import { FollowsModule } from '../follows/follows.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PointsModule } from '../points/points.module';
import { SeriesModule } from '../series/series.module';
import { ModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Approve, reject and delete of series and chapters, the moderation log and the pending counts. */
@Module({
  imports: [SeriesModule, NotificationsModule, FollowsModule, IngestCoreModule, PointsModule],
  controllers: [ModerationController],
  providers: [ModerationRepository, ModerationService],
})
export class ModerationModule {}
