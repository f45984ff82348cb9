import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest, RequestAuth } from '../http/request-auth';
import { ApiError } from '../http/api-error';

/** The request's identity as resolved by the AccessGuard (user null when anonymous). */
export const CurrentAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestAuth => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
});

/** The signed-in user; only on routes that require one. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const user = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth?.user;
  if (!user) throw ApiError.unauthenticated();
  return user;
});
