import { Module } from '@nestjs/common';
import { FollowsModule } from '../follows/follows.module';
import { FeedsController } from './feeds.controller';
import { FeedsRepository } from './feeds.repository';
import { FeedsService } from './feeds.service';

/** RSS/Atom of approved chapters and the token-authenticated OPDS catalog (docs/feeds.md). */
@Module({
  imports: [FollowsModule],
  controllers: [FeedsController],
  providers: [FeedsRepository, FeedsService],
})
export class FeedsModule {}
