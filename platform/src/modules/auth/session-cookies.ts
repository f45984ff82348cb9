import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { requestHost } from '../../common/http/request-host';
import {
  serializeClearedSessionCookie,
  serializeSessionCookie,
  type SessionCookieSettings,
} from '../../common/http/session-cookie';

/** Writes and clears the session cookie with the attributes the request's host calls for. */
@Injectable()
export class SessionCookies {
  private readonly settings: SessionCookieSettings;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = {
      name: config.session.cookieName,
      baseDomain: config.baseDomain,
      maxAgeSeconds: config.session.idleSeconds,
      secure: config.session.secureCookie,
    };
  }

  write(req: Request, res: Response, sessionId: string): void {
    res.append(
      'Set-Cookie',
      serializeSessionCookie(sessionId, requestHost(req.headers, req.socket.remoteAddress), this.settings),
    );
  }

  clear(req: Request, res: Response): void {
    res.append(
      'Set-Cookie',
      serializeClearedSessionCookie(requestHost(req.headers, req.socket.remoteAddress), this.settings),
    );
  }
}
