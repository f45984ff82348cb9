import { Injectable } from '@nestjs/common';
import {
  type AwardPointsBody,
  type AwardPointsResponse,
  buildListMeta,
  isStaffRole,
  POINTS_MESSAGES,
  type PointsResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import type { AuthUser } from '../auth/request-auth';
import { UsersRepository } from '../users/users.repository';
import { PointsLedger } from './points.ledger';

/** Spec §2 points API: a user's own ledger (staff may look anyone's up) and admins' awards. */
@Injectable()
export class PointsService {
  constructor(
    private readonly ledger: PointsLedger,
    private readonly users: UsersRepository,
  ) {}

  async ofUser(actor: AuthUser, userId: number, page: number, limit: number): Promise<PointsResponse> {
    if (actor.id !== userId && !isStaffRole(actor.role)) throw ApiError.forbidden();
    const user = actor.id === userId ? actor : await this.users.findById(userId);
    if (!user) throw ApiError.notFound(POINTS_MESSAGES.userNotFound);
    const { entries, total, balance, earned, spent } = await this.ledger.history(userId, page, limit);
    return {
      success: true,
      data: { user_id: user.id, username: user.username, balance, earned, spent, history: entries },
      meta: buildListMeta(total, page, limit),
    };
  }

  async award(actor: AuthUser, body: AwardPointsBody): Promise<AwardPointsResponse> {
    const result = await this.ledger.record({
      userId: body.user_id,
      amount: body.amount,
      service: body.service,
      description: body.description,
      awardedBy: actor.id,
    });
    if (result === 'no-user') throw ApiError.notFound(POINTS_MESSAGES.userNotFound);
    if (result === 'insufficient') throw ApiError.conflict({ amount: [POINTS_MESSAGES.insufficient] });
    // Manual entries carry no event key, so the insert always happens.
    return { success: true, message: POINTS_MESSAGES.awarded, ...result! };
  }
}
