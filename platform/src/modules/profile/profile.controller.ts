import { Controller, Get } from '@nestjs/common';
import type { BadgesResponse, ProfileStatsResponse, RecentActivityResponse } from '@warraq/contracts';
import { Authenticated } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import type { User } from '../users/user.entity';
import { ProfileService } from './profile.service';

/** The profile page's figures (spec §7: only when authenticated; the page polls them). */
@Controller('user')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get('profile-stats')
  @Authenticated()
  stats(@CurrentUser() user: User): Promise<ProfileStatsResponse> {
    return this.profile.stats(user);
  }

  @Get('recent-activity')
  @Authenticated()
  activity(@CurrentUser() user: User): Promise<RecentActivityResponse> {
    return this.profile.activity(user);
  }

  @Get('badges')
  @Authenticated()
  badges(@CurrentUser() user: User): Promise<BadgesResponse> {
    return this.profile.badges(user);
  }
}
