import { Body, Controller, Req, Res, UseGuards } from '@nestjs/common';
import {
  AUTH_ROUTES,
  type ChangePasswordBody,
  type LoginResponse,
  type MessageResponse,
  type ProfileResponse,
  type RegisterBody,
  type RegisterResponse,
} from '@warraq/contracts';
import type { Request, Response } from 'express';
import { requestHost } from '../../common/http/request-host';
import { RouteBody } from '../../common/http/route-input';
import type { User } from '../users/user.entity';
import { AuthService, type SignInContext } from './auth.service';
import { CurrentAuth, CurrentUser } from './current-auth.decorator';
import { LocalAuthGuard } from './local-auth.guard';
import type { AuthenticatedRequest, AuthUser, RequestAuth } from './request-auth';
import { Route } from './route.decorator';
import { SessionCookies } from './session-cookies';

function signInContext(req: AuthenticatedRequest): SignInContext {
  return {
    host: requestHost(req.headers, req.socket.remoteAddress),
    hasOrigin: req.headers.origin !== undefined,
    current: req.auth,
  };
}

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
  ) {}

  /** Body parsed with the route's schema in LocalAuthGuard; credentials checked by the LocalStrategy. */
  @Route(AUTH_ROUTES.login)
  @UseGuards(LocalAuthGuard)
  async login(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const { body, sessionId } = await this.auth.signIn(req.user as User, signInContext(req));
    this.cookies.write(req, res, sessionId);
    return body;
  }

  @Route(AUTH_ROUTES.logout)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentAuth() auth: RequestAuth,
  ): Promise<MessageResponse> {
    const answer = await this.auth.signOut(auth);
    this.cookies.clear(req, res);
    return answer;
  }

  @Route(AUTH_ROUTES.profile)
  profile(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.auth.profile(user);
  }

  /** Spec's `?userId` and `x-user-id` are ignored: identity comes from the bearer token or session. */
  @Route(AUTH_ROUTES.tokenProfile)
  tokenProfile(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.auth.profile(user);
  }

  @Route(AUTH_ROUTES.signInCode)
  signInCode(@CurrentUser() user: AuthUser) {
    return this.auth.issueSignInCode(user);
  }

  @Route(AUTH_ROUTES.tokenLogin)
  async tokenLogin(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() body: unknown,
  ): Promise<LoginResponse> {
    const { body: answer, sessionId } = await this.auth.signInWithCode(body, signInContext(req));
    this.cookies.write(req, res, sessionId);
    return answer;
  }

  @Route(AUTH_ROUTES.register)
  register(@Req() req: Request, @RouteBody() body: RegisterBody): Promise<RegisterResponse> {
    return this.auth.register(body, req.ip ?? 'unknown');
  }

  @Route(AUTH_ROUTES.changePassword)
  changePassword(
    @Req() req: Request,
    @CurrentUser() user: AuthUser,
    @CurrentAuth() auth: RequestAuth,
    @RouteBody() body: ChangePasswordBody,
  ): Promise<MessageResponse> {
    return this.auth.changePassword(user, auth, body, req.ip ?? 'unknown');
  }
}
