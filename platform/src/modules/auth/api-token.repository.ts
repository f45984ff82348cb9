import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from '../users/user.entity';
import { ApiToken } from './api-token.entity';

@Injectable()
export class ApiTokenRepository {
  constructor(private readonly em: EntityManager) {}

  async create(userId: number, tokenHash: string, expiresAt: Date): Promise<ApiToken> {
    const token = this.em.create(ApiToken, {
      user: this.em.getReference(User, userId),
      tokenHash,
      expiresAt,
    } as never);
    await this.em.flush();
    return token;
  }

  findLive(tokenHash: string, now = new Date()): Promise<ApiToken | null> {
    return this.em.findOne(ApiToken, { tokenHash, expiresAt: { $gt: now } });
  }

  async markUsed(token: ApiToken, at = new Date()): Promise<void> {
    await this.em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: at });
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.em.nativeDelete(ApiToken, { tokenHash });
  }

  async deleteForUser(userId: number, keepHash?: string | null): Promise<number> {
    return this.em.nativeDelete(
      ApiToken,
      keepHash ? { user: userId, tokenHash: { $ne: keepHash } } : { user: userId },
    );
  }

  /** Set-based, on its own fork: the worker's maintenance job calls it outside any request context. */
  async deleteExpired(now = new Date()): Promise<number> {
    return this.em.fork().nativeDelete(ApiToken, { expiresAt: { $lte: now } });
  }
}
