import { Controller } from '@nestjs/common';
import {
  MODERATION_ROUTES,
  type ModerationActionResponse,
  type ModerationLogQuery,
  type ModerationLogResponse,
  type ModerationTargetQuery,
  type PendingCountResponse,
  type ModerationStatus,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { ModerationService } from './moderation.service';

/** What the decision bodies parse to (a blank note becomes undefined). */
interface Decision {
  notes?: string | undefined;
  reason?: string | undefined;
  expectedStatus?: ModerationStatus | undefined;
}

/**
 * Moderation decisions (`?contentType=series|chapter`, series by default) and the moderation log.
 * The queue itself is `GET /api/content?status=` (series controller), one path with the catalogue.
 */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Route(MODERATION_ROUTES.approve)
  approve(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: { id: number },
    @RouteQuery() { contentType }: ModerationTargetQuery,
    @RouteBody() body: Decision,
  ): Promise<ModerationActionResponse> {
    return this.moderation.act(actor, {
      action: 'approve',
      contentType,
      id,
      note: body.notes,
      expectedStatus: body.expectedStatus,
    });
  }

  @Route(MODERATION_ROUTES.reject)
  reject(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: { id: number },
    @RouteQuery() { contentType }: ModerationTargetQuery,
    @RouteBody() body: Decision,
  ): Promise<ModerationActionResponse> {
    return this.moderation.act(actor, {
      action: 'reject',
      contentType,
      id,
      note: body.reason,
      expectedStatus: body.expectedStatus,
    });
  }

  /** The JSON body (reason, expectedStatus) is optional: a bare DELETE deletes. */
  @Route(MODERATION_ROUTES.remove)
  remove(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: { id: number },
    @RouteQuery() { contentType }: ModerationTargetQuery,
    @RouteBody() body: Decision,
  ): Promise<ModerationActionResponse> {
    return this.moderation.act(actor, {
      action: 'delete',
      contentType,
      id,
      note: body.reason,
      expectedStatus: body.expectedStatus,
    });
  }

  @Route(MODERATION_ROUTES.log)
  log(@RouteQuery() query: ModerationLogQuery): Promise<ModerationLogResponse> {
    return this.moderation.log(query);
  }

  @Route(MODERATION_ROUTES.pendingCount)
  pendingCount(): Promise<PendingCountResponse> {
    return this.moderation.pendingCounts();
  }
}
