import { Injectable } from '@nestjs/common';
import {
  buildListMeta,
  type ClientErrorListResponse,
  type ClientErrorReportBodySchema,
  SYSTEM_LIMITS,
} from '@warraq/contracts';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { consumeOrTooMany } from '../../common/http/rate-limit';
import { RedisService } from '../../common/redis/redis.service';
import { ClientErrorsRepository } from './client-errors.repository';

export type ClientErrorReport = z.output<typeof ClientErrorReportBodySchema>;

/** Reports kept: the newest this many; older ones go as new ones arrive. */
export const CLIENT_ERRORS_KEPT = 10_000;
const USER_AGENT_MAX = 500;

// Control characters (tab and newline kept for stacks) and the bidi overrides that could make a
// report read differently in the admin's table than what was sent.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

export function cleanText(text: string, max: number): string {
  return text.replace(UNSAFE_CHARACTERS, '').slice(0, max);
}

/** Only the path and query of the page: no origin, no fragment (tokens sometimes ride there). */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url, 'http://page.invalid');
    return cleanText(`${parsed.pathname}${parsed.search}`, 2000);
  } catch {
    return '/';
  }
}

/** Browser errors sent by pages (decisions.md): rate-limited per address, cleaned, capped, listed for admins. */
@Injectable()
export class ClientErrorsService {
  private readonly perAddress: RateLimiterRedis;

  constructor(
    private readonly errors: ClientErrorsRepository,
    redis: RedisService,
  ) {
    this.perAddress = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: redis.key('rl', 'client-errors'),
      points: SYSTEM_LIMITS.clientErrorsPerMinute,
      duration: 60,
    });
  }

  async report(
    report: ClientErrorReport,
    from: { ip: string; userAgent: string | undefined; userId: number | null },
  ): Promise<void> {
    await consumeOrTooMany(this.perAddress, from.ip);
    await this.errors.insert(
      {
        message: cleanText(report.message, SYSTEM_LIMITS.clientErrorMessageMax) || '(empty)',
        stack: report.stack ? cleanText(report.stack, SYSTEM_LIMITS.clientErrorStackMax) : null,
        path: pagePath(report.url),
        source: report.source,
        userAgent: from.userAgent ? cleanText(from.userAgent, USER_AGENT_MAX) : null,
        userId: from.userId,
      },
      CLIENT_ERRORS_KEPT,
    );
  }

  async list(page: number, limit: number): Promise<ClientErrorListResponse> {
    const { rows, total } = await this.errors.page(page, limit);
    return {
      data: rows.map((row) => ({
        id: row.id,
        message: row.message,
        stack: row.stack,
        path: row.path,
        source: row.source,
        userAgent: row.user_agent,
        username: row.username,
        created_at: new Date(row.created_at).toISOString(),
      })),
      meta: buildListMeta(total, page, limit),
    };
  }
}
