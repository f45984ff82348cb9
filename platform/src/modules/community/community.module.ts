import { Module } from '@nestjs/common';
import { CommunityController } from './community.controller';
import { CommunityRepository } from './community.repository';
import { CommunityService } from './community.service';
import { UsersModule } from '../users/users.module';

/** The community page: site-wide comment feeds and totals, admin announcements and rules. */
@Module({
  imports: [UsersModule],
  controllers: [CommunityController],
  providers: [CommunityRepository, CommunityService],
})
export class CommunityModule {}
