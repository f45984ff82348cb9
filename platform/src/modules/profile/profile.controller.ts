import { Controller, Get } from '@nestjs/common';
import {
  type BadgesResponse,
  type FavoritesResponse,
  type LibraryResponse,
  type ProfileListQuery,
  ProfileListQuerySchema,
  type ProfileStatsResponse,
  type RecentActivityResponse,
} from '@warraq/contracts';
import { Authenticated } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodQuery } from '../../common/pipes/zod-validation.pipe';
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

  @Get('library')
  @Authenticated()
  library(
    @CurrentUser() user: User,
    @ZodQuery(ProfileListQuerySchema) query: ProfileListQuery,
  ): Promise<LibraryResponse> {
    return this.profile.library(user, query);
  }

  @Get('favorites')
  @Authenticated()
  favorites(
    @CurrentUser() user: User,
    @ZodQuery(ProfileListQuerySchema) query: ProfileListQuery,
  ): Promise<FavoritesResponse> {
    return this.profile.favorites(user, query);
  }

  @Get('badges')
  @Authenticated()
  badges(@CurrentUser() user: User): Promise<BadgesResponse> {
    return this.profile.badges(user);
  }
}
