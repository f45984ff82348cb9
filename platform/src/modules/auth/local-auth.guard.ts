import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AUTH_ROUTES } from '@warraq/contracts';
import type { Request } from 'express';
import { parseWithSchema } from '../../common/http/route-input';

/** Parses the login body with its route's schema (400 with field errors) before passport checks it. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request>();
    req.body = parseWithSchema(AUTH_ROUTES.login.body, req.body);
    return super.canActivate(context);
  }
}
