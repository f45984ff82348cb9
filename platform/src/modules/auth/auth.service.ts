import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type ChangePasswordBody,
  isAdminRole,
  type LoginResponse,
  MESSAGES,
  type MessageResponse,
  type ProfileResponse,
  type RegisterBody,
  type RegisterResponse,
  type SignInCodeResponseSchema,
  siteTypeFromHost,
  TokenLoginBodySchema,
} from '@warraq/contracts';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ApiError } from '../../common/http/api-error';
import { parseWithSchema } from '../../common/http/route-input';
import type { User } from '../users/user.entity';
import { mapUniqueViolation } from '../users/user-conflicts';
import { toUserDto } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { ApiTokenService } from './api-token.service';
import { AuthThrottleService } from './auth-throttle.service';
import { isCommonPassword } from './common-passwords';
import { PasswordHasher } from './password-hasher.service';
import type { AuthUser, RequestAuth } from './request-auth';
import { SessionService } from './session.service';
import { SignInCodeService } from './sign-in-code.service';

/** What the HTTP layer knows about the request that matters to signing in. */
export interface SignInContext {
  /** X-Forwarded-Host or Host. */
  host: string;
  /** A browser sends Origin on POST; API clients do not, and get a bearer token. */
  hasOrigin: boolean;
  /** The identity the request already carried (its session is replaced: session fixation defence). */
  current: RequestAuth;
}

export interface SignInResult {
  body: LoginResponse;
  sessionId: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly tokens: ApiTokenService,
    private readonly codes: SignInCodeService,
    private readonly throttle: AuthThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The LocalStrategy's check. Unknown user and wrong password fail identically, and equally slowly. */
  async verifyCredentials(login: string, password: string, ip: string): Promise<User> {
    const user = await this.users.findByLogin(login);
    const account = user ? { userId: user.id } : { unknownLogin: login };
    await this.throttle.assertLoginAllowed(ip, account);
    const ok = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyDummy(password);
    if (!user || !ok) {
      await this.throttle.recordLoginFailure(ip, account);
      throw ApiError.unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }
    await this.throttle.recordLoginSuccess(account);
    return user;
  }

  /** A fresh session for `user` (any session the request carried is destroyed first). */
  async signIn(user: User, ctx: SignInContext): Promise<SignInResult> {
    if (ctx.current.sessionHash) await this.sessions.destroy(ctx.current.sessionHash);
    const session = await this.sessions.create(user.id);
    await this.users.touchLastLogin(user);
    const isAdmin = isAdminRole(user.role);
    const body: LoginResponse = {
      success: true,
      message: AUTH_MESSAGES.loginSucceeded,
      user: toUserDto(user),
      userId: user.id,
      isAdmin,
      token: null,
      redirect: {
        toDashboard: isAdmin,
        isDashboardSubdomain: siteTypeFromHost(ctx.host, this.config.baseDomain) === 'dashboard',
      },
    };
    if (!ctx.hasOrigin) {
      const token = await this.tokens.issue(user.id);
      Object.assign(body, {
        token: token.token,
        access_token: token.token,
        expires_in: token.expiresIn,
        token_type: 'Bearer' as const,
      });
    }
    return { body, sessionId: session.id };
  }

  async signOut(auth: RequestAuth): Promise<MessageResponse> {
    if (auth.sessionHash) await this.sessions.destroy(auth.sessionHash, auth.user?.id);
    if (auth.tokenHash) await this.tokens.revoke(auth.tokenHash);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  }

  async profile(actor: AuthUser): Promise<ProfileResponse> {
    const user = await this.account(actor);
    return { success: true, user: toUserDto(user), isAdmin: isAdminRole(user.role) };
  }

  async issueSignInCode(user: AuthUser): Promise<z.infer<typeof SignInCodeResponseSchema>> {
    const { code, expiresIn } = await this.codes.issue(user.id);
    return { success: true, code, expires_in: expiresIn };
  }

  /**
   * Token login takes only a server-issued single-use code. The spec's bare numeric user id (and
   * anything else) is a 401, never a 400, so a client cannot tell "malformed" from "refused".
   */
  async signInWithCode(rawBody: unknown, ctx: SignInContext): Promise<SignInResult> {
    if (isUserIdClaim(rawBody)) throw ApiError.unauthenticated(AUTH_MESSAGES.invalidUserIdForTokenLogin);
    const { code } = parseWithSchema(TokenLoginBodySchema, rawBody, () =>
      ApiError.unauthenticated(AUTH_MESSAGES.invalidSignInCode),
    );
    const userId = await this.codes.consume(code);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user) throw ApiError.unauthenticated(AUTH_MESSAGES.invalidSignInCode);
    return this.signIn(user, ctx);
  }

  async register(body: RegisterBody, ip: string): Promise<RegisterResponse> {
    await this.throttle.consumeRegistration(ip);
    if (isCommonPassword(body.password))
      throw ApiError.validation({ password: [MESSAGES.passwordTooCommon] });
    const conflicts: Record<string, string[]> = {};
    if (await this.users.usernameTaken(body.username)) conflicts.username = [AUTH_MESSAGES.usernameTaken];
    else if (await this.users.usernameConfusable(body.username))
      conflicts.username = [AUTH_MESSAGES.usernameConfusable];
    if (await this.users.emailTaken(body.email)) conflicts.email = [AUTH_MESSAGES.emailTaken];
    if (Object.keys(conflicts).length > 0) throw ApiError.conflict(conflicts);

    const passwordHash = await this.hasher.hash(body.password);
    try {
      // points and created_at from the body are ignored: every account starts at 0 points, now.
      const user = await this.users.create({
        username: body.username,
        email: body.email,
        passwordHash,
        role: 'reader',
      });
      return { success: true, message: AUTH_MESSAGES.registered, user: toUserDto(user) };
    } catch (error) {
      throw mapUniqueViolation(error);
    }
  }

  /** The old password is a password guess like a sign-in: it shares the sign-in's brakes. */
  async changePassword(
    actor: AuthUser,
    auth: RequestAuth,
    body: ChangePasswordBody,
    ip: string,
  ): Promise<MessageResponse> {
    const user = await this.account(actor);
    const account = { userId: user.id };
    await this.throttle.assertLoginAllowed(ip, account);
    if (!(await this.hasher.verify(user.passwordHash, body.oldPassword))) {
      await this.throttle.recordLoginFailure(ip, account);
      throw ApiError.validation({ oldPassword: [AUTH_MESSAGES.wrongOldPassword] });
    }
    if (body.newPassword === body.oldPassword)
      throw ApiError.validation({ newPassword: [MESSAGES.passwordSameAsOld] });
    if (isCommonPassword(body.newPassword))
      throw ApiError.validation({ newPassword: [MESSAGES.passwordTooCommon] });

    await this.users.setPasswordHash(user, await this.hasher.hash(body.newPassword));
    // Everyone else who held this account is signed out; the caller keeps their own session or token.
    await this.sessions.destroyAllForUser(user.id, auth.sessionHash);
    await this.tokens.revokeAllForUser(user.id, auth.tokenHash);
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  }

  /** The caller's account, loaded; one deleted since the guard saw it is signed out (401). */
  private async account(actor: AuthUser): Promise<User> {
    const user = await this.users.findById(actor.id);
    if (!user) throw ApiError.unauthenticated();
    return user;
  }
}

function isUserIdClaim(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return record.code === undefined && ('userId' in record || 'user_id' in record);
}
