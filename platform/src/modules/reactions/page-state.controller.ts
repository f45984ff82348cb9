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
import { FollowsService } from '../follows/follows.service';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersRepository } from '../users/users.repository';
import { ReactionsService } from './reactions.service';

/**
 * The personal part of a public page in one call: the session is resolved once (by the guard), then
 * the unread count and the reader's state on the series (reactions, follows, shelf, and on a series
 * page its chapter list's part) run side by side (indexed lookups).
 */
@Controller()
export class PageStateController {
  constructor(
    private readonly reactions: ReactionsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersRepository,
    private readonly follows: FollowsService,
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
    // A series page (a series and no chapter) also gets its chapter list's part.
    const [unread, preferences, status, follows, list] = await Promise.all([
      this.notifications.unread(actor.id),
      this.users.pagePreferencesOf(actor.id),
      contentId === undefined ? null : this.reactions.status(actor, { contentId, chapterId }),
      contentId === undefined ? null : this.follows.pageState(actor, contentId),
      contentId === undefined || chapterId !== undefined
        ? null
        : this.reactions.chapterList(actor, contentId),
    ]);
    const isAdmin = isAdminRole(actor.role);
    const series: PageStateResponse['series'] = status &&
      follows && {
        isLiked: status.isLiked,
        isFavorite: status.isFavorite,
        userRating: status.userRating,
        progress: status.progress,
        readingMode: status.readingMode,
        readChapterIds: list?.readChapterIds ?? [],
        pendingChapters: list?.pendingChapters ?? [],
        ...follows,
      };
    return {
      success: true,
      viewer: {
        id: actor.id,
        username: actor.username,
        role: actor.role,
        isAdmin,
        isStaff: isAdmin || isStaffRole(actor.role),
        ...preferences,
      },
      unread,
      series,
    };
  }
}
