import { EntityManager } from '@mikro-orm/postgresql';
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

interface ClientErrorRow {
  id: number;
  message: string;
  stack: string | null;
  path: string;
  source: ClientErrorReport['source'];
  user_agent: string | null;
  username: string | null;
  created_at: Date;
}

/** Browser errors sent by pages (decisions.md): rate-limited per address, cleaned, capped, listed for admins. */
@Injectable()
export class ClientErrorsService {
  private readonly perAddress: RateLimiterRedis;

  constructor(
    private readonly em: EntityManager,
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
    const db = this.em.getConnection();
    await db.execute(
      `insert into client_error (message, stack, path, source, user_agent, user_id) values (?, ?, ?, ?, ?, ?)`,
      [
        cleanText(report.message, SYSTEM_LIMITS.clientErrorMessageMax) || '(empty)',
        report.stack ? cleanText(report.stack, SYSTEM_LIMITS.clientErrorStackMax) : null,
        pagePath(report.url),
        report.source,
        from.userAgent ? cleanText(from.userAgent, USER_AGENT_MAX) : null,
        from.userId,
      ],
    );
    await db.execute(
      `delete from client_error where id <= (select id from client_error order by id desc offset ? limit 1)`,
      [CLIENT_ERRORS_KEPT],
    );
  }

  async list(page: number, limit: number): Promise<ClientErrorListResponse> {
    const db = this.em.getConnection();
    const [rows, count] = await Promise.all([
      db.execute<ClientErrorRow[]>(
        `select e.id, e.message, e.stack, e.path, e.source, e.user_agent, u.username, e.created_at
         from client_error e left join "user" u on u.id = e.user_id
         order by e.created_at desc, e.id desc limit ? offset ?`,
        [limit, (page - 1) * limit],
      ),
      db.execute<{ total: string }[]>('select count(*) as total from client_error'),
    ]);
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
      meta: buildListMeta(Number(count[0]?.total ?? 0), page, limit),
    };
  }
}
