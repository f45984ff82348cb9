import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '../../common/http/api-error';
import type { AuthenticatedRequest, AuthUser, RequestAuth } from './request-auth';

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
