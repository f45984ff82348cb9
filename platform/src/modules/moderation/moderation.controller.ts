import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  ApproveContentBodySchema,
  DeleteContentBodySchema,
  type ModerationActionResponse,
  type ModerationLogQuery,
  ModerationLogQuerySchema,
  type ModerationLogResponse,
  ModerationTargetParamsSchema,
  type ModerationTargetQuery,
  ModerationTargetQuerySchema,
  type PendingCountResponse,
  type ModerationStatus,
  RejectContentBodySchema,
} from '@warraq/contracts';
import { ADMIN_ROLES, Roles, STAFF_ROLES } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
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

  @Put('content/:id/approve')
  @HttpCode(200)
  @Roles(...STAFF_ROLES)
  approve(
    @CurrentUser() actor: User,
    @ZodParams(ModerationTargetParamsSchema) { id }: { id: number },
    @ZodQuery(ModerationTargetQuerySchema) { contentType }: ModerationTargetQuery,
    @ZodBody(ApproveContentBodySchema) body: Decision,
  ): Promise<ModerationActionResponse> {
    return this.moderation.act(actor, {
      action: 'approve',
      contentType,
      id,
      note: body.notes,
      expectedStatus: body.expectedStatus,
    });
  }

  @Put('content/:id/reject')
  @HttpCode(200)
  @Roles(...STAFF_ROLES)
  reject(
    @CurrentUser() actor: User,
    @ZodParams(ModerationTargetParamsSchema) { id }: { id: number },
    @ZodQuery(ModerationTargetQuerySchema) { contentType }: ModerationTargetQuery,
    @ZodBody(RejectContentBodySchema) body: Decision,
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
  @Delete('content/:id')
  @HttpCode(200)
  @Roles(...STAFF_ROLES)
  remove(
    @CurrentUser() actor: User,
    @ZodParams(ModerationTargetParamsSchema) { id }: { id: number },
    @ZodQuery(ModerationTargetQuerySchema) { contentType }: ModerationTargetQuery,
    @ZodBody(DeleteContentBodySchema) body: Decision,
  ): Promise<ModerationActionResponse> {
    return this.moderation.act(actor, {
      action: 'delete',
      contentType,
      id,
      note: body.reason,
      expectedStatus: body.expectedStatus,
    });
  }

  @Get('moderation/log')
  @Roles(...ADMIN_ROLES)
  log(@ZodQuery(ModerationLogQuerySchema) query: ModerationLogQuery): Promise<ModerationLogResponse> {
    return this.moderation.log(query);
  }

  @Get('moderation/pending-count')
  @Roles(...STAFF_ROLES)
  pendingCount(): Promise<PendingCountResponse> {
    return this.moderation.pendingCounts();
  }
}
