import { Injectable } from '@nestjs/common';
import {
  assignableRoles,
  AUTH_MESSAGES,
  type ChangeRoleResponse,
  buildListMeta,
  isAdminRole,
  isStaffRole,
  type ListUsersQuery,
  type PreferencesResponse,
  type UpdatePreferencesBody,
  type UpdateUserBody,
  type UserListResponse,
  type Role,
  USER_ROLE_MESSAGES,
  type UserResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import { definedOnly } from '../../common/util/defined-only';
import { RealtimeBus } from '../realtime/realtime-bus';
import type { AuthUser } from '../auth/request-auth';
import type { User } from './user.entity';
import { mapUniqueViolation } from './user-conflicts';
import { toUserDto, withDefaultPreferences } from './user.mapper';
import { UsersRepository } from './users.repository';

const USER_NOT_FOUND = USER_ROLE_MESSAGES.userNotFound;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly bus: RealtimeBus,
  ) {}

  async list(query: ListUsersQuery): Promise<UserListResponse> {
    const { users, total } = await this.users.list(query);
    return { data: users.map(toUserDto), meta: buildListMeta(total, query.page, query.limit) };
  }

  /** Oneself, or staff. Others get 403 whether or not the id exists. */
  async get(actor: AuthUser, id: number): Promise<UserResponse> {
    if (actor.id !== id && !isStaffRole(actor.role)) throw ApiError.forbidden();
    return { success: true, user: toUserDto(await this.load(id)) };
  }

  /** Oneself, or an admin; an admin may not edit a superadmin (a superadmin may). */
  async update(actor: AuthUser, id: number, body: UpdateUserBody): Promise<UserResponse> {
    if (actor.id !== id && !isAdminRole(actor.role)) throw ApiError.forbidden();
    const target = await this.load(id);
    if (target.role === 'superadmin' && actor.role !== 'superadmin') throw ApiError.forbidden();

    const conflicts: Record<string, string[]> = {};
    if (body.username !== undefined && (await this.users.usernameTaken(body.username, target.id))) {
      conflicts.username = [AUTH_MESSAGES.usernameTaken];
    } else if (
      body.username !== undefined &&
      (await this.users.usernameConfusable(body.username, target.id))
    ) {
      conflicts.username = [AUTH_MESSAGES.usernameConfusable];
    }
    if (body.email !== undefined && (await this.users.emailTaken(body.email, target.id))) {
      conflicts.email = [AUTH_MESSAGES.emailTaken];
    }
    if (Object.keys(conflicts).length > 0) throw ApiError.conflict(conflicts);

    try {
      const changes: Partial<Pick<User, 'username' | 'email'>> = {};
      if (body.username !== undefined) changes.username = body.username;
      if (body.email !== undefined) changes.email = body.email;
      return { success: true, user: toUserDto(await this.users.update(target, changes)) };
    } catch (error) {
      throw mapUniqueViolation(error);
    }
  }

  /**
   * Grants `role` to user `id` within what `assignableRoles` allows the actor. The identity is read
   * from the database on every request, so the next request already carries the new role; open
   * sockets were authorised with the old one and are closed (the client reconnects afresh).
   */
  async changeRole(actor: AuthUser, id: number, role: Role): Promise<ChangeRoleResponse> {
    if (actor.id === id) throw ApiError.forbidden(USER_ROLE_MESSAGES.ownRole);
    const changed = await this.users.changeRole(actor.id, id, (now) => {
      if (!assignableRoles({ id: actor.id, role: now.actor }, { id, role: now.target }).includes(role)) {
        throw ApiError.forbidden(
          now.actor === 'admin' ? USER_ROLE_MESSAGES.adminOnlyBySuperadmin : AUTH_MESSAGES.forbidden,
        );
      }
      if (now.target === role) throw ApiError.conflict({ role: [USER_ROLE_MESSAGES.unchanged] });
      // Unreachable while nobody changes their own role; kept so no future rule can lock everyone out.
      if (now.target === 'superadmin' && now.superadmins <= 1) {
        throw ApiError.conflict({ role: [USER_ROLE_MESSAGES.lastSuperadmin] });
      }
      return role;
    });
    if (changed === null) throw ApiError.notFound(USER_NOT_FOUND);
    await this.bus.closeUser(id);
    return { success: true, message: USER_ROLE_MESSAGES.updated, user: toUserDto(await this.load(id)) };
  }

  /** Oneself; admins may read anyone's. */
  async getPreferences(actor: AuthUser, id: number): Promise<PreferencesResponse> {
    if (actor.id !== id && !isAdminRole(actor.role)) throw ApiError.forbidden();
    const target = await this.load(id);
    return { success: true, preferences: withDefaultPreferences(target.preferences) };
  }

  /** Oneself only; the given fields are merged into what is stored. */
  async updatePreferences(
    actor: AuthUser,
    id: number,
    body: UpdatePreferencesBody,
  ): Promise<PreferencesResponse> {
    if (actor.id !== id) throw ApiError.forbidden();
    const account = await this.load(id);
    const current = withDefaultPreferences(account.preferences);
    const next = withDefaultPreferences({
      theme: body.theme ?? current.theme,
      language: body.language ?? current.language,
      numerals: body.numerals ?? current.numerals,
      notifications: { ...current.notifications, ...definedOnly(body.notifications ?? {}) },
      novelReader: { ...current.novelReader, ...definedOnly(body.novelReader ?? {}) },
      historyPaused: body.historyPaused ?? current.historyPaused,
    });
    await this.users.setPreferences(account, next);
    return { success: true, preferences: next };
  }

  private async load(id: number): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound(USER_NOT_FOUND);
    return user;
  }
}
