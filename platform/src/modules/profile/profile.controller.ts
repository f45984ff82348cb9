import { Controller } from '@nestjs/common';
import {
  type BadgesResponse,
  type FavoritesResponse,
  type LibraryResponse,
  PROFILE_ROUTES,
  type ProfileListQuery,
  type ProfileStatsResponse,
  type PublicProfileParams,
  type PublicProfileResponse,
  type RecentActivityResponse,
} from '@warraq/contracts';
import { RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ProfileService } from './profile.service';

/** The profile page's figures (spec §7: only when authenticated; the page polls them). */
@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Route(PROFILE_ROUTES.stats)
  stats(@CurrentUser() user: AuthUser): Promise<ProfileStatsResponse> {
    return this.profile.stats(user);
  }

  @Route(PROFILE_ROUTES.activity)
  activity(@CurrentUser() user: AuthUser): Promise<RecentActivityResponse> {
    return this.profile.activity(user);
  }

  @Route(PROFILE_ROUTES.library)
  library(@CurrentUser() user: AuthUser, @RouteQuery() query: ProfileListQuery): Promise<LibraryResponse> {
    return this.profile.library(user, query);
  }

  @Route(PROFILE_ROUTES.favorites)
  favorites(
    @CurrentUser() user: AuthUser,
    @RouteQuery() query: ProfileListQuery,
  ): Promise<FavoritesResponse> {
    return this.profile.favorites(user, query);
  }

  @Route(PROFILE_ROUTES.publicProfile)
  publicProfile(@RouteParams() { username }: PublicProfileParams): Promise<PublicProfileResponse> {
    return this.profile.publicProfile(username);
  }

  @Route(PROFILE_ROUTES.badges)
  badges(@CurrentUser() user: AuthUser): Promise<BadgesResponse> {
    return this.profile.badges(user);
  }
}
