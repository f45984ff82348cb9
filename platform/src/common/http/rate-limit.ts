import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './api-error';

/** Takes one point for `key`; a spent limit becomes a 429 with Retry-After, other failures pass on. */
export async function consumeOrTooMany(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw ApiError.tooManyRequests(error.msBeforeNext / 1000, message);
    throw error;
  }
}
