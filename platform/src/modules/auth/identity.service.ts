import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import type { IncomingHttpHeaders } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersRepository } from '../users/users.repository';
import { ApiTokenService } from './api-token.service';
import { ANONYMOUS, authUserOf, type RequestAuth, type SessionClaim } from './request-auth';
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
    const claim = await this.resolveClaim(headers);
    if (!claim) return ANONYMOUS;
    const user = await this.users.identityById(claim.userId);
    if (!user) {
      await this.forget(claim);
      return ANONYMOUS;
    }
    return { user: authUserOf(user), sessionHash: claim.sessionHash, tokenHash: claim.tokenHash };
  }

  async resolveSession(cookieHeader: string | undefined): Promise<RequestAuth> {
    return this.resolve({ cookie: cookieHeader });
  }

  /**
   * Whom the request's live bearer token, or else its live session, names, without reading the
   * account: the whole of `resolve` but its account lookup.
   */
  async resolveClaim(headers: IncomingHttpHeaders): Promise<SessionClaim | null> {
    const bearer = bearerToken(headers.authorization);
    if (bearer) {
      const token = await this.tokens.resolve(bearer);
      if (token) return { userId: token.userId, sessionHash: null, tokenHash: token.hash };
    }
    const session = await this.sessions.resolve(this.sessionIdFrom(headers.cookie));
    return session ? { userId: session.userId, sessionHash: session.hash, tokenHash: null } : null;
  }

  /** A claim whose account is gone: its session is dead (a token goes with its account's rows). */
  async forget(claim: SessionClaim): Promise<void> {
    if (claim.sessionHash) await this.sessions.destroy(claim.sessionHash, claim.userId);
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
