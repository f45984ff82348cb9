import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type User as UserDto,
  withDefaultNovelReaderSettings,
} from '@warraq/contracts';
import type { User } from './user.entity';

export function withDefaultPreferences(stored: Partial<Preferences> | null | undefined): Preferences {
  return {
    theme: stored?.theme ?? DEFAULT_PREFERENCES.theme,
    language: stored?.language ?? DEFAULT_PREFERENCES.language,
    numerals: stored?.numerals ?? DEFAULT_PREFERENCES.numerals,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...(stored?.notifications ?? {}) },
    novelReader: withDefaultNovelReaderSettings(stored?.novelReader),
    historyPaused: stored?.historyPaused ?? DEFAULT_PREFERENCES.historyPaused,
  };
}

/** The contracts' User shape (spec §3); never includes the password hash. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    points: user.points,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    services: [],
    subscriptions: [],
    preferences: withDefaultPreferences(user.preferences),
  };
}
