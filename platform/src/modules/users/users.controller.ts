import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  type ChangeRoleBody,
  ChangeRoleBodySchema,
  type ChangeRoleResponse,
  ListUsersQuerySchema,
  type ListUsersQuery,
  type PreferencesResponse,
  UpdatePreferencesBodySchema,
  type UpdatePreferencesBody,
  UpdateUserBodySchema,
  type UpdateUserBody,
  UserIdParamSchema,
  type UserListResponse,
  type UserResponse,
} from '@warraq/contracts';
import { ADMIN_ROLES, Authenticated, Roles } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from './user.entity';
import { UsersService } from './users.service';

type UserIdParams = { id: number };

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('moderator', 'admin', 'superadmin')
  list(@ZodQuery(ListUsersQuerySchema) query: ListUsersQuery): Promise<UserListResponse> {
    return this.users.list(query);
  }

  @Get(':id')
  @Authenticated()
  get(@CurrentUser() actor: User, @ZodParams(UserIdParamSchema) { id }: UserIdParams): Promise<UserResponse> {
    return this.users.get(actor, id);
  }

  @Put(':id')
  @Authenticated()
  update(
    @CurrentUser() actor: User,
    @ZodParams(UserIdParamSchema) { id }: UserIdParams,
    @ZodBody(UpdateUserBodySchema) body: UpdateUserBody,
  ): Promise<UserResponse> {
    return this.users.update(actor, id, body);
  }

  @Put(':id/role')
  @Roles(...ADMIN_ROLES)
  changeRole(
    @CurrentUser() actor: User,
    @ZodParams(UserIdParamSchema) { id }: UserIdParams,
    @ZodBody(ChangeRoleBodySchema) { role }: ChangeRoleBody,
  ): Promise<ChangeRoleResponse> {
    return this.users.changeRole(actor, id, role);
  }

  @Get(':id/preferences')
  @Authenticated()
  getPreferences(
    @CurrentUser() actor: User,
    @ZodParams(UserIdParamSchema) { id }: UserIdParams,
  ): Promise<PreferencesResponse> {
    return this.users.getPreferences(actor, id);
  }

  @Post(':id/preferences')
  @Authenticated()
  @HttpCode(200)
  updatePreferences(
    @CurrentUser() actor: User,
    @ZodParams(UserIdParamSchema) { id }: UserIdParams,
    @ZodBody(UpdatePreferencesBodySchema) body: UpdatePreferencesBody,
  ): Promise<PreferencesResponse> {
    return this.users.updatePreferences(actor, id, body);
  }
}
