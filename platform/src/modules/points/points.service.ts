import { Injectable } from '@nestjs/common';
import {
  type AwardPointsBody,
  type AwardPointsResponse,
  buildListMeta,
  isStaffRole,
  POINTS_MESSAGES,
  type PointsEntry,
  type PointsResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { type Db, Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/request-auth';
import { UsersRepository } from '../users/users.repository';
import { type PointsChange, PointsRepository } from './points.repository';

/**
 * The points ledger (spec §2): every change is an entry and a user's balance is their sum, and
 * `"user".points` (the users module's column) is kept equal to that sum in the same transaction, so
 * account pages read it without summing. Also the API: a user's own ledger (staff may look anyone's
 * up) and admins' awards.
 */
@Injectable()
export class PointsService {
  constructor(
    private readonly entries: PointsRepository,
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Records the change under a lock on the user's row; answers the entry and the new balance, or
   * null when `eventKey` was already recorded, 'insufficient' when a deduction would go below zero,
   * 'no-user' when the user is gone. Pass `tx` to take part in the caller's transaction.
   */
  async record(
    change: PointsChange,
    tx?: Db,
  ): Promise<{ entry: PointsEntry; balance: number } | null | 'insufficient' | 'no-user'> {
    const work = async (db: Db) => {
      const points = await this.users.lockPoints(db, change.userId);
      if (points === null) return 'no-user' as const;
      if (change.amount < 0 && points + change.amount < 0) return 'insufficient' as const;
      const entry = await this.entries.insert(db, change);
      if (!entry) return null;
      return { entry, balance: await this.users.addPoints(db, change.userId, change.amount) };
    };
    return tx ? work(tx) : this.transactions.run(work);
  }

  async ofUser(actor: AuthUser, userId: number, page: number, limit: number): Promise<PointsResponse> {
    if (actor.id !== userId && !isStaffRole(actor.role)) throw ApiError.forbidden();
    const user = actor.id === userId ? actor : await this.users.findById(userId);
    if (!user) throw ApiError.notFound(POINTS_MESSAGES.userNotFound);
    const { entries, total, balance, earned, spent } = await this.entries.history(userId, page, limit);
    return {
      success: true,
      data: { user_id: user.id, username: user.username, balance, earned, spent, history: entries },
      meta: buildListMeta(total, page, limit),
    };
  }

  async award(actor: AuthUser, body: AwardPointsBody): Promise<AwardPointsResponse> {
    const result = await this.record({
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
