import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { SeriesModule } from '../series/series.module';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** Threaded comments on series and chapters, with likes. */
@Module({
  imports: [SeriesModule, NotificationsModule],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService],
  exports: [CommentsRepository],
})
export class CommentsModule {}
