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
import { withDefaultPreferences } from '../users/user.mapper';
import { ReactionsService } from './reactions.service';

/**
 * The personal part of a public page in one call, in as few round trips as the answer allows: the
 * guard resolved the session (Redis) and read the account's identity and role (one prepared
 * statement); then one statement reads the reader's own part (unread count, reading mode,
 * preferences) with, on a series or chapter page, their whole state on the series (and, on a
 * series page, their pending chapters only when it says there are any).
 */
@Controller()
export class PageStateController {
  constructor(private readonly reactions: ReactionsService) {}

  @Route(ME_ROUTES.pageState)
  @Header('Cache-Control', 'private, no-store')
  async pageState(
    @CurrentAuth() auth: RequestAuth,
    @RouteQuery() query: PageStateQuery,
  ): Promise<PageStateResponse> {
    const actor = auth.user;
    if (!actor) return { success: true, viewer: null, unread: 0, series: null };
    const { own, state } = await this.reactions.pageState(actor, query.contentId, query.chapterId);
    const { numerals, novelReader } = withDefaultPreferences({
      numerals: own.numerals ?? undefined,
      novelReader: own.novel_reader ?? undefined,
    });
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
      unread: own.unread,
      series: state,
    };
  }
}
