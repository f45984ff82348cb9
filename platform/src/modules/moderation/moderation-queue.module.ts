import { Module } from '@nestjs/common';
import { RealtimeBusModule } from '../realtime/realtime-bus';
import { ModerationQueue } from './moderation-queue.service';
import { ModerationRepository } from './moderation.repository';

/**
 * The queue's reads and announcements, with no dependency on the series module: imported by it (the
 * list route, new series), by the ingest worker (new chapters) and by the moderation actions.
 */
@Module({
  imports: [RealtimeBusModule],
  providers: [ModerationRepository, ModerationQueue],
  exports: [ModerationRepository, ModerationQueue],
})
export class ModerationQueueModule {}
