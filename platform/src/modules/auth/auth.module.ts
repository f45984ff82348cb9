import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RealtimeBusModule } from '../realtime/realtime-bus';
import { UsersModule } from '../users/users.module';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokenService } from './api-token.service';
import { AuthThrottleService } from './auth-throttle.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { IdentityService } from './identity.service';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './password-hasher.service';
import { SessionCookies } from './session-cookies';
import { SessionService } from './session.service';
import { SignInCodeService } from './sign-in-code.service';

@Module({
  imports: [PassportModule.register({ session: false }), UsersModule, RealtimeBusModule],
  controllers: [AuthController],
  providers: [
    ApiTokenRepository,
    ApiTokenService,
    AuthService,
    AuthThrottleService,
    IdentityService,
    LocalStrategy,
    PasswordHasher,
    SessionCookies,
    SessionService,
    SignInCodeService,
  ],
  exports: [IdentityService, ApiTokenService, PasswordHasher, SessionService],
})
export class AuthModule {}
