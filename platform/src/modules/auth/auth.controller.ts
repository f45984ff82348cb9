import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ChangePasswordBodySchema,
  type ChangePasswordBody,
  type LoginResponse,
  type MessageResponse,
  type ProfileResponse,
  RegisterBodySchema,
  type RegisterBody,
  type RegisterResponse,
} from '@warraq/contracts';
import type { Request, Response } from 'express';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import { requestHost } from '../../common/http/request-host';
import type { AuthenticatedRequest, RequestAuth } from '../../common/http/request-auth';
import { ZodBody } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { AuthService, type SignInContext } from './auth.service';
import { LocalAuthGuard } from './local-auth.guard';
import { SessionCookies } from './session-cookies';

function signInContext(req: AuthenticatedRequest): SignInContext {
  return {
    host: requestHost(req.headers, req.socket.remoteAddress),
    hasOrigin: req.headers.origin !== undefined,
    current: req.auth,
  };
}

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
  ) {}

  /** Body parsed by LoginBodySchema in LocalAuthGuard; credentials checked by the LocalStrategy. */
  @Post('login')
  @Public()
  @UseGuards(LocalAuthGuard)
  @HttpCode(200)
  async login(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const { body, sessionId } = await this.auth.signIn(req.user as User, signInContext(req));
    this.cookies.write(req, res, sessionId);
    return body;
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentAuth() auth: RequestAuth,
  ): Promise<MessageResponse> {
    const answer = await this.auth.signOut(auth);
    this.cookies.clear(req, res);
    return answer;
  }

  @Get('profile')
  @Authenticated()
  profile(@CurrentUser() user: User): ProfileResponse {
    return this.auth.profile(user);
  }

  /** Spec's `?userId` and `x-user-id` are ignored: identity comes from the bearer token or session. */
  @Get('token-profile')
  @Authenticated()
  tokenProfile(@CurrentUser() user: User): ProfileResponse {
    return this.auth.profile(user);
  }

  @Post('sign-in-code')
  @Authenticated()
  @HttpCode(200)
  signInCode(@CurrentUser() user: User) {
    return this.auth.issueSignInCode(user);
  }

  @Post('token-login')
  @Public()
  @HttpCode(200)
  async tokenLogin(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() body: unknown,
  ): Promise<LoginResponse> {
    const { body: answer, sessionId } = await this.auth.signInWithCode(body, signInContext(req));
    this.cookies.write(req, res, sessionId);
    return answer;
  }

  @Post('register')
  @Public()
  @HttpCode(201)
  register(@Req() req: Request, @ZodBody(RegisterBodySchema) body: RegisterBody): Promise<RegisterResponse> {
    return this.auth.register(body, req.ip ?? 'unknown');
  }

  @Post('change-password')
  @Authenticated()
  @HttpCode(200)
  changePassword(
    @Req() req: Request,
    @CurrentUser() user: User,
    @CurrentAuth() auth: RequestAuth,
    @ZodBody(ChangePasswordBodySchema) body: ChangePasswordBody,
  ): Promise<MessageResponse> {
    return this.auth.changePassword(user, auth, body, req.ip ?? 'unknown');
  }
}
