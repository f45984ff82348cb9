import { Inject, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@warraq/contracts';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ApiError } from '../../common/http/api-error';
import { consumeOrTooMany } from '../../common/http/rate-limit';
import { RedisService } from '../../common/redis/redis.service';

/**
 * Brute-force brakes, counted in Redis so every platform process shares them: failed password checks
 * (sign-in and change-password) per client IP and per account, and registrations per IP. An account
 * is its user id whatever name or e-mail it was asked for by, so the two spellings share one budget;
 * a login that names no account is counted under that name.
 */
@Injectable()
export class AuthThrottleService {
  private readonly loginByIp: RateLimiterRedis;
  private readonly loginByAccount: RateLimiterRedis;
  private readonly registerByIp: RateLimiterRedis;

  constructor(redis: RedisService, @Inject(APP_CONFIG) config: AppConfig) {
    const { throttle } = config;
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis.client, keyPrefix: redis.key('rl', name), points, duration });
    this.loginByIp = limiter('login-ip', throttle.loginFailuresPerIp, throttle.loginWindowSeconds);
    this.loginByAccount = limiter(
      'login-account',
      throttle.loginFailuresPerAccount,
      throttle.loginWindowSeconds,
    );
    this.registerByIp = limiter('register-ip', throttle.registrationsPerIpPerHour, 3600);
  }

  /** 429 while this IP or this account has used up its failed attempts, right password or not. */
  async assertLoginAllowed(ip: string, account: PasswordAccount): Promise<void> {
    const login = accountKey(account);
    const [byIp, byAccount] = await Promise.all([this.loginByIp.get(ip), this.loginByAccount.get(login)]);
    const blocked = [
      exhausted(byIp, this.loginByIp.points),
      exhausted(byAccount, this.loginByAccount.points),
    ].filter((ms): ms is number => ms !== null);
    if (blocked.length > 0)
      throw ApiError.tooManyRequests(Math.max(...blocked) / 1000, AUTH_MESSAGES.tooManyAttempts);
  }

  async recordLoginFailure(ip: string, account: PasswordAccount): Promise<void> {
    await Promise.all([this.loginByIp.penalty(ip, 1), this.loginByAccount.penalty(accountKey(account), 1)]);
  }

  async recordLoginSuccess(account: PasswordAccount): Promise<void> {
    await this.loginByAccount.delete(accountKey(account));
  }

  async consumeRegistration(ip: string): Promise<void> {
    await consumeOrTooMany(this.registerByIp, ip);
  }
}

/** Whose password is being tried: a known account, or a login name that matched none. */
export type PasswordAccount = { userId: number } | { unknownLogin: string };

function accountKey(account: PasswordAccount): string {
  return 'userId' in account ? `user:${account.userId}` : `name:${account.unknownLogin.trim().toLowerCase()}`;
}

/** Milliseconds until the counter frees up, when it is at or over its limit. */
function exhausted(res: RateLimiterRes | null, points: number): number | null {
  if (!res || res.consumedPoints < points) return null;
  return Math.max(res.msBeforeNext, 1000);
}
