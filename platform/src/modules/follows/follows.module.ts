import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../jobs/job-names';
import { NotificationsModule } from '../notifications/notifications.module';
import { FanoutProcessor } from './fanout.processor';
import { FanoutQueue } from './fanout.queue';
import { FanoutService } from './fanout.service';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** Follows and preferences in the API; moderation injects FollowsService to queue a fan-out. */
@Module({
  controllers: [FollowsController],
  providers: [FollowsRepository, FollowsService, FanoutQueue],
  exports: [FollowsService],
})
export class FollowsModule {}

/** The fan-out's consumer, in the worker process. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.follows }), NotificationsModule],
  providers: [FollowsRepository, FanoutQueue, FanoutService, FanoutProcessor],
  exports: [FanoutService],
})
export class FollowsWorkerModule {}
