import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  buildListMeta,
  isAdminRole,
  isStaffRole,
  type ListUsersQuery,
  type PreferencesResponse,
  type UpdatePreferencesBody,
  type UpdateUserBody,
  type UserListResponse,
  type UserResponse,
} from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';
import type { User } from './user.entity';
import { mapUniqueViolation } from './user-conflicts';
import { toUserDto, withDefaultPreferences } from './user.mapper';
import { UsersRepository } from './users.repository';

const USER_NOT_FOUND = 'المستخدم غير موجود';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async list(query: ListUsersQuery): Promise<UserListResponse> {
    const { users, total } = await this.users.list(query);
    return { data: users.map(toUserDto), meta: buildListMeta(total, query.page, query.limit) };
  }

  /** Oneself, or staff. Others get 403 whether or not the id exists. */
  async get(actor: User, id: number): Promise<UserResponse> {
    if (actor.id !== id && !isStaffRole(actor.role)) throw ApiError.forbidden();
    return { success: true, user: toUserDto(await this.load(id)) };
  }

  /** Oneself, or an admin; an admin may not edit a superadmin (a superadmin may). */
  async update(actor: User, id: number, body: UpdateUserBody): Promise<UserResponse> {
    if (actor.id !== id && !isAdminRole(actor.role)) throw ApiError.forbidden();
    const target = actor.id === id ? actor : await this.load(id);
    if (target.role === 'superadmin' && actor.role !== 'superadmin') throw ApiError.forbidden();

    const conflicts: Record<string, string[]> = {};
    if (body.username !== undefined && (await this.users.usernameTaken(body.username, target.id))) {
      conflicts.username = [AUTH_MESSAGES.usernameTaken];
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

  /** Oneself; admins may read anyone's. */
  async getPreferences(actor: User, id: number): Promise<PreferencesResponse> {
    if (actor.id !== id && !isAdminRole(actor.role)) throw ApiError.forbidden();
    const target = actor.id === id ? actor : await this.load(id);
    return { success: true, preferences: withDefaultPreferences(target.preferences) };
  }

  /** Oneself only; the given fields are merged into what is stored. */
  async updatePreferences(
    actor: User,
    id: number,
    body: UpdatePreferencesBody,
  ): Promise<PreferencesResponse> {
    if (actor.id !== id) throw ApiError.forbidden();
    const current = withDefaultPreferences(actor.preferences);
    const next = withDefaultPreferences({
      theme: body.theme ?? current.theme,
      language: body.language ?? current.language,
      notifications: { ...current.notifications, ...stripUndefined(body.notifications ?? {}) },
    });
    await this.users.setPreferences(actor, next);
    return { success: true, preferences: next };
  }

  private async load(id: number): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound(USER_NOT_FOUND);
    return user;
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
