import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { LoginBodySchema } from '@warraq/contracts';
import type { Request } from 'express';
import { parseWithSchema } from '../../common/pipes/zod-validation.pipe';

/** Parses the login body by its contract (400 with field errors) before passport checks it. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request>();
    req.body = parseWithSchema(LoginBodySchema, req.body);
    return super.canActivate(context);
  }
}
