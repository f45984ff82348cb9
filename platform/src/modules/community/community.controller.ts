import { Controller } from '@nestjs/common';
import {
  type AnnouncementInput,
  COMMUNITY_ROUTES,
  type CommunityCommentsQuery,
  type CommunityTypeQuery,
  type FollowingActivityQuery,
  type UserActivityQuery,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { CommunityService } from './community.service';

type IdParams = { id: number };

/** The community page (issue 14): public feeds; announcements and rules written by admins. */
@Controller()
export class CommunityController {
  constructor(private readonly community: CommunityService) {}

  @Route(COMMUNITY_ROUTES.latestComments)
  latestComments(@RouteQuery() query: CommunityCommentsQuery) {
    return this.community.latestComments(query);
  }

  @Route(COMMUNITY_ROUTES.popular)
  popular(@RouteQuery() { type }: CommunityTypeQuery) {
    return this.community.popular(type);
  }

  @Route(COMMUNITY_ROUTES.following)
  following(@CurrentUser() actor: AuthUser, @RouteQuery() { type, cursor }: FollowingActivityQuery) {
    return this.community.following(actor, type, cursor);
  }

  @Route(COMMUNITY_ROUTES.userActivity)
  userActivity(
    @RouteParams() { username }: { username: string },
    @RouteQuery() { cursor }: UserActivityQuery,
  ) {
    return this.community.userActivity(username, cursor);
  }

  @Route(COMMUNITY_ROUTES.stats)
  stats() {
    return this.community.stats();
  }

  @Route(COMMUNITY_ROUTES.announcements)
  announcements(@RouteQuery() { page }: { page: number }) {
    return this.community.announcements(page);
  }

  @Route(COMMUNITY_ROUTES.createAnnouncement)
  createAnnouncement(@CurrentUser() actor: AuthUser, @RouteBody() body: AnnouncementInput) {
    return this.community.createAnnouncement(actor, body);
  }

  @Route(COMMUNITY_ROUTES.updateAnnouncement)
  updateAnnouncement(@RouteParams() { id }: IdParams, @RouteBody() body: AnnouncementInput) {
    return this.community.updateAnnouncement(id, body);
  }

  @Route(COMMUNITY_ROUTES.deleteAnnouncement)
  deleteAnnouncement(@RouteParams() { id }: IdParams) {
    return this.community.deleteAnnouncement(id);
  }

  @Route(COMMUNITY_ROUTES.rules)
  async rules() {
    return { data: await this.community.rules() };
  }

  @Route(COMMUNITY_ROUTES.updateRules)
  saveRules(@CurrentUser() actor: AuthUser, @RouteBody() { text }: { text: string }) {
    return this.community.saveRules(actor, text);
  }
}
