import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../../common/http/api-error';
import { ACCESS_RULE_KEY, type AccessRule } from './access.decorators';
import { IdentityService } from './identity.service';
import type { AuthenticatedRequest } from './request-auth';

/**
 * Global guard: resolves the caller (or anonymous) onto `req.auth`, then enforces the route's rule.
 * A route that declares no rule is refused: forgetting `@Public()` can never open a route.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    req.auth = await this.identity.resolve(req.headers);

    if (!rule) throw ApiError.forbidden();
    if (rule.kind === 'public') return true;
    const user = req.auth.user;
    if (!user) throw ApiError.unauthenticated(rule.kind === 'authenticated' ? rule.message : undefined);
    if (rule.kind === 'roles' && !rule.roles.includes(user.role)) throw ApiError.forbidden();
    return true;
  }
}
