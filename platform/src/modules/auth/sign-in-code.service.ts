import { Injectable } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service';
import { newSecretToken, SECRET_TOKEN_PATTERN, sha256Hex } from './secret-token';

export const SIGN_IN_CODE_TTL_SECONDS = 60;

/** Single-use, one-minute codes for handing a signed-in session to another client or domain. */
@Injectable()
export class SignInCodeService {
  constructor(private readonly redis: RedisService) {}

  async issue(userId: number): Promise<{ code: string; expiresIn: number }> {
    const code = newSecretToken();
    await this.redis.client.set(this.key(code), String(userId), 'EX', SIGN_IN_CODE_TTL_SECONDS);
    return { code, expiresIn: SIGN_IN_CODE_TTL_SECONDS };
  }

  /** The user id of a valid code, which is spent atomically (GETDEL): a second use finds nothing. */
  async consume(code: string): Promise<number | null> {
    if (!SECRET_TOKEN_PATTERN.test(code)) return null;
    const value = await this.redis.client.getdel(this.key(code));
    const userId = value === null ? NaN : Number(value);
    return Number.isInteger(userId) && userId > 0 ? userId : null;
  }

  private key(code: string): string {
    return this.redis.key('signin-code', sha256Hex(code));
  }
}
