import { Controller, Header } from '@nestjs/common';
import {
  ME_ROUTES,
  isAdminRole,
  isStaffRole,
  type PageStateQuery,
  type PageStateResponse,
} from '@warraq/contracts';
import { RouteQuery } from '../../common/http/route-input';
import { CurrentAuth } from '../auth/current-auth.decorator';
import type { RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { NotificationsService } from '../notifications/notifications.service';
import { withDefaultPreferences } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { ReactionsService } from './reactions.service';

/**
 * The personal part of a public page in one call, in as few round trips as the answer allows: the
 * guard resolved the session and loaded the account (its reading mode and preferences come from the
 * request's identity map, not a second lookup); on a series or chapter page one statement reads the
 * unread count with the reader's whole state on the series (and, on a series page, their pending
 * chapters only when it says there are any); on any other page the unread count is the one query.
 */
@Controller()
export class PageStateController {
  constructor(
    private readonly reactions: ReactionsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersRepository,
  ) {}

  @Route(ME_ROUTES.pageState)
  @Header('Cache-Control', 'private, no-store')
  async pageState(
    @CurrentAuth() auth: RequestAuth,
    @RouteQuery() query: PageStateQuery,
  ): Promise<PageStateResponse> {
    const actor = auth.user;
    if (!actor) return { success: true, viewer: null, unread: 0, series: null };
    const { contentId, chapterId } = query;
    const [page, account] = await Promise.all([
      contentId === undefined ? null : this.reactions.pageState(actor, contentId, chapterId),
      this.users.findById(actor.id),
    ]);
    const unread = page ? page.unread : await this.notifications.unread(actor.id);
    const state = page?.state ?? null;
    const { numerals, novelReader } = withDefaultPreferences(account?.preferences);
    const isAdmin = isAdminRole(actor.role);
    return {
      success: true,
      viewer: {
        id: actor.id,
        username: actor.username,
        role: actor.role,
        isAdmin,
        isStaff: isAdmin || isStaffRole(actor.role),
        numerals,
        novelReader,
      },
      unread,
      series: state && { ...state, readingMode: account?.readingMode ?? null },
    };
  }
}
