import { Controller } from '@nestjs/common';
import {
  type ChangeRoleBody,
  type ChangeRoleResponse,
  type ListUsersQuery,
  type PreferencesResponse,
  type UpdatePreferencesBody,
  type UpdateUserBody,
  USER_ROUTES,
  type UserListResponse,
  type UserResponse,
} from '@warraq/contracts';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { UsersService } from './users.service';

type UserIdParams = { id: number };

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Route(USER_ROUTES.list)
  list(@RouteQuery() query: ListUsersQuery): Promise<UserListResponse> {
    return this.users.list(query);
  }

  @Route(USER_ROUTES.get)
  get(@CurrentUser() actor: AuthUser, @RouteParams() { id }: UserIdParams): Promise<UserResponse> {
    return this.users.get(actor, id);
  }

  @Route(USER_ROUTES.update)
  update(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: UserIdParams,
    @RouteBody() body: UpdateUserBody,
  ): Promise<UserResponse> {
    return this.users.update(actor, id, body);
  }

  @Route(USER_ROUTES.changeRole)
  changeRole(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: UserIdParams,
    @RouteBody() { role }: ChangeRoleBody,
  ): Promise<ChangeRoleResponse> {
    return this.users.changeRole(actor, id, role);
  }

  @Route(USER_ROUTES.preferences)
  getPreferences(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: UserIdParams,
  ): Promise<PreferencesResponse> {
    return this.users.getPreferences(actor, id);
  }

  @Route(USER_ROUTES.updatePreferences)
  updatePreferences(
    @CurrentUser() actor: AuthUser,
    @RouteParams() { id }: UserIdParams,
    @RouteBody() body: UpdatePreferencesBody,
  ): Promise<PreferencesResponse> {
    return this.users.updatePreferences(actor, id, body);
  }
}
