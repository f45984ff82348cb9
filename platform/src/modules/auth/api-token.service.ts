import { Injectable } from '@nestjs/common';
import { LIMITS } from '@warraq/contracts';
import { ApiTokenRepository } from './api-token.repository';
import { newSecretToken, SECRET_TOKEN_PATTERN, sha256Hex } from './secret-token';

const TOUCH_INTERVAL_MS = 60_000;

/** Bearer tokens for non-browser clients: random, stored hashed, expiring after an hour. */
@Injectable()
export class ApiTokenService {
  constructor(private readonly tokens: ApiTokenRepository) {}

  async issue(userId: number): Promise<{ token: string; hash: string; expiresIn: number }> {
    const token = newSecretToken();
    const hash = sha256Hex(token);
    const expiresIn = LIMITS.accessTokenExpiresIn;
    await this.tokens.create(userId, hash, new Date(Date.now() + expiresIn * 1000));
    return { token, hash, expiresIn };
  }

  /** The user id and hash a bearer token stands for, or null (unknown, expired, or not a token at all). */
  async resolve(token: string): Promise<{ userId: number; hash: string } | null> {
    if (!SECRET_TOKEN_PATTERN.test(token)) return null;
    const hash = sha256Hex(token);
    const record = await this.tokens.findLive(hash);
    if (!record) return null;
    if (!record.lastUsedAt || Date.now() - record.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.tokens.markUsed(record);
    }
    return { userId: record.user.id, hash };
  }

  revoke(hash: string): Promise<void> {
    return this.tokens.deleteByHash(hash);
  }

  revokeAllForUser(userId: number, keepHash?: string | null): Promise<number> {
    return this.tokens.deleteForUser(userId, keepHash);
  }

  purgeExpired(): Promise<number> {
    return this.tokens.deleteExpired();
  }
}
