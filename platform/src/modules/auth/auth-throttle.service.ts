import { Inject, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@warraq/contracts';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ApiError } from '../../common/http/api-error';
import { consumeOrTooMany } from '../../common/http/rate-limit';
import { RedisService } from '../../common/redis/redis.service';

/**
 * Brute-force brakes, counted in Redis so every platform process shares them: failed logins per client
 * IP and per account name, and registrations per IP.
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

  /** 429 while this IP or this account name has used up its failed attempts, right password or not. */
  async assertLoginAllowed(ip: string, login: string): Promise<void> {
    const [byIp, byAccount] = await Promise.all([
      this.loginByIp.get(ip),
      this.loginByAccount.get(accountKey(login)),
    ]);
    const blocked = [
      exhausted(byIp, this.loginByIp.points),
      exhausted(byAccount, this.loginByAccount.points),
    ].filter((ms): ms is number => ms !== null);
    if (blocked.length > 0)
      throw ApiError.tooManyRequests(Math.max(...blocked) / 1000, AUTH_MESSAGES.tooManyAttempts);
  }

  async recordLoginFailure(ip: string, login: string): Promise<void> {
    await Promise.all([this.loginByIp.penalty(ip, 1), this.loginByAccount.penalty(accountKey(login), 1)]);
  }

  async recordLoginSuccess(login: string): Promise<void> {
    await this.loginByAccount.delete(accountKey(login));
  }

  async consumeRegistration(ip: string): Promise<void> {
    await consumeOrTooMany(this.registerByIp, ip);
  }
}

function accountKey(login: string): string {
  return login.trim().toLowerCase();
}

/** Milliseconds until the counter frees up, when it is at or over its limit. */
function exhausted(res: RateLimiterRes | null, points: number): number | null {
  if (!res || res.consumedPoints < points) return null;
  return Math.max(res.msBeforeNext, 1000);
}
