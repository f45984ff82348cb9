import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import type { IncomingHttpHeaders } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersRepository } from '../users/users.repository';
import { ApiTokenService } from './api-token.service';
import { ANONYMOUS, authUserOf, type RequestAuth } from './request-auth';
import { SessionService } from './session.service';

/**
 * Who is asking: ONLY a live server session (the warraq_sid cookie) or a live bearer token. User-id
 * cookies, x-user-id headers and body fields are never read. The account's identity and role are read
 * from Postgres on every request (one prepared statement, no entity), so a role change applies at
 * once and a deleted user's session is dead.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: ApiTokenService,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async resolve(headers: IncomingHttpHeaders): Promise<RequestAuth> {
    const bearer = bearerToken(headers.authorization);
    if (bearer) {
      const token = await this.tokens.resolve(bearer);
      if (token) {
        const user = await this.users.identityById(token.userId);
        if (user) return { user: authUserOf(user), sessionHash: null, tokenHash: token.hash };
      }
    }
    return this.resolveSession(headers.cookie);
  }

  async resolveSession(cookieHeader: string | undefined): Promise<RequestAuth> {
    const id = this.sessionIdFrom(cookieHeader);
    const session = await this.sessions.resolve(id);
    if (!session) return ANONYMOUS;
    const user = await this.users.identityById(session.userId);
    if (!user) {
      await this.sessions.destroy(session.hash, session.userId);
      return ANONYMOUS;
    }
    return { user: authUserOf(user), sessionHash: session.hash, tokenHash: null };
  }

  sessionIdFrom(cookieHeader: string | undefined): string | undefined {
    if (!cookieHeader) return undefined;
    return parseCookies(cookieHeader)[this.config.session.cookieName];
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
