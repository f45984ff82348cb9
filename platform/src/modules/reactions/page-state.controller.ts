import { Controller, Header } from '@nestjs/common';
import {
  ME_ROUTES,
  isAdminRole,
  isStaffRole,
  type PageStateQuery,
  type PageStateResponse,
} from '@warraq/contracts';
import { RouteQuery } from '../../common/http/route-input';
import { CurrentClaim } from '../auth/current-auth.decorator';
import { IdentityService } from '../auth/identity.service';
import type { SessionClaim } from '../auth/request-auth';
import { RouteWithClaim } from '../auth/route.decorator';
import { withDefaultPreferences } from '../users/user.mapper';
import { ReactionsService } from './reactions.service';

const GUEST_ANSWER: PageStateResponse = { success: true, viewer: null, unread: 0, series: null };

/**
 * The personal part of a public page in one call, in as few round trips as the answer allows: the
 * guard resolved the session (Redis) only, and one statement reads the account's identity and role
 * beside the reader's own part (unread count, reading mode, preferences) and, on a series or chapter
 * page, their whole state on the series (on a series page, their pending chapters only when it says
 * there are any). The role is the account's as of that statement, as the guard would have read it:
 * a role change or a deleted account counts at once.
 */
@Controller()
export class PageStateController {
  constructor(
    private readonly reactions: ReactionsService,
    private readonly identity: IdentityService,
  ) {}

  @RouteWithClaim(ME_ROUTES.pageState)
  @Header('Cache-Control', 'private, no-store')
  async pageState(
    @CurrentClaim() claim: SessionClaim | null,
    @RouteQuery() query: PageStateQuery,
  ): Promise<PageStateResponse> {
    if (!claim) return GUEST_ANSWER;
    const found = await this.reactions.pageState(claim.userId, query.contentId, query.chapterId);
    if (!found) {
      await this.identity.forget(claim);
      return GUEST_ANSWER;
    }
    const { actor, own, state } = found;
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
