import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '../../common/http/api-error';
import type { AuthenticatedRequest, AuthUser, RequestAuth, SessionClaim } from './request-auth';

/** The request's identity as resolved by the AccessGuard (user null when anonymous). */
export const CurrentAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestAuth => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
});

/** The signed-in user; only on routes that require one. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth?.user;
  if (!user) throw ApiError.unauthenticated();
  return user;
});

/** Whom the session or token names, on a `@RouteWithClaim` route (null: no live session or token). */
export const CurrentClaim = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionClaim | null => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().claim ?? null;
});
