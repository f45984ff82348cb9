import { Controller } from '@nestjs/common';
import {
  FOLLOW_ROUTES,
  type RandomSeriesQuery,
  type RandomSeriesResponse,
  type ReaderPreferences,
  type ReaderPreferencesResponse,
  type SeriesFollowBody,
  type SeriesFollowResponse,
  type ShelfBody,
  type ShelfResponse,
  type UpdatesQuery,
  type UpdatesResponse,
  type UserFollowResponse,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { FollowsService } from './follows.service';

type IdParams = { id: number };

@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Route(FOLLOW_ROUTES.seriesState)
  async seriesState(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
  ): Promise<SeriesFollowResponse> {
    return { success: true, data: await this.follows.seriesState(actor, id) };
  }

  @Route(FOLLOW_ROUTES.followSeries)
  async followSeries(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
    @RouteBody() body: SeriesFollowBody | undefined,
  ): Promise<SeriesFollowResponse> {
    return { success: true, data: await this.follows.followSeries(actor, id, body) };
  }

  @Route(FOLLOW_ROUTES.unfollowSeries)
  async unfollowSeries(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
  ): Promise<SeriesFollowResponse> {
    return { success: true, data: await this.follows.unfollowSeries(actor, id) };
  }

  @Route(FOLLOW_ROUTES.userState)
  async userState(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
  ): Promise<UserFollowResponse> {
    return { success: true, data: await this.follows.userState(actor, id) };
  }

  @Route(FOLLOW_ROUTES.followUser)
  async followUser(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
  ): Promise<UserFollowResponse> {
    return { success: true, data: await this.follows.followUser(actor, id) };
  }

  @Route(FOLLOW_ROUTES.unfollowUser)
  async unfollowUser(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
  ): Promise<UserFollowResponse> {
    return { success: true, data: await this.follows.unfollowUser(actor, id) };
  }

  @Route(FOLLOW_ROUTES.preferences)
  async preferences(@CurrentUser() actor: AuthUser): Promise<ReaderPreferencesResponse> {
    return { success: true, data: await this.follows.preferences(actor) };
  }

  @Route(FOLLOW_ROUTES.savePreferences)
  async savePreferences(
    @CurrentUser() actor: AuthUser,
    @RouteBody() body: ReaderPreferences,
  ): Promise<ReaderPreferencesResponse> {
    return { success: true, data: await this.follows.savePreferences(actor, body) };
  }

  @Route(FOLLOW_ROUTES.updates)
  updates(@CurrentUser() actor: AuthUser, @RouteQuery() query: UpdatesQuery): Promise<UpdatesResponse> {
    return this.follows.updates(actor, query.type, query.cursor);
  }

  @Route(FOLLOW_ROUTES.shelf)
  async shelf(@CurrentUser() actor: AuthUser, @RouteParams() { id }: IdParams): Promise<ShelfResponse> {
    return { success: true, data: { shelf: await this.follows.shelf(actor, id) } };
  }

  @Route(FOLLOW_ROUTES.setShelf)
  async setShelf(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: IdParams,
    @RouteBody() body: ShelfBody,
  ): Promise<ShelfResponse> {
    return { success: true, data: { shelf: await this.follows.setShelf(actor, id, body.shelf) } };
  }

  @Route(FOLLOW_ROUTES.clearShelf)
  async clearShelf(@CurrentUser() actor: AuthUser, @RouteParams() { id }: IdParams): Promise<ShelfResponse> {
    return { success: true, data: { shelf: await this.follows.setShelf(actor, id, null) } };
  }

  @Route(FOLLOW_ROUTES.randomSeries)
  async randomSeries(@RouteQuery() query: RandomSeriesQuery): Promise<RandomSeriesResponse> {
    return { success: true, data: await this.follows.randomSeries(query.type) };
  }
}
