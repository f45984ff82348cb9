import { Module } from '@nestjs/common';
import { RealtimeBusModule } from '../realtime/realtime-bus';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** Stored notifications and their API; other modules inject NotificationsService to notify a user. */
@Module({
  imports: [RealtimeBusModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
