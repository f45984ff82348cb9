import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { User } from '../users/user.entity';
import { AuthService } from './auth.service';

/** passport-local: username (or e-mail) + password → user, through the throttled credential check. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(req: Request, username: string, password: string): Promise<User> {
    return this.auth.verifyCredentials(username, password, req.ip ?? req.socket.remoteAddress ?? 'unknown');
  }
}
