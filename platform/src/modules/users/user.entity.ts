import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_PREFERENCES, type Preferences, type ReadingMode, ROLES, type Role } from '@warraq/contracts';
import { createdAtColumn } from '../../database/timestamp-columns';
import { usernameSkeleton } from './username-skeleton';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'user',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(32),
    /**
     * The username's confusable skeleton (unique): kept in step with `username` on every insert and
     * every flush that changes the row, so no code path can write one without the other.
     */
    usernameSkeleton: p
      .text()
      .fieldName('username_skeleton')
      .hidden()
      .onCreate((user: { username: string }) => usernameSkeleton(user.username))
      .onUpdate((user: { username: string }) => usernameSkeleton(user.username)),
    email: p.string().length(254),
    passwordHash: p.text().fieldName('password_hash').hidden(),
    role: p.string().length(16).$type<Role>().default('reader'),
    points: p.integer().default(0),
    preferences: p.json<Preferences>().onCreate(() => structuredClone(DEFAULT_PREFERENCES)),
    createdAt: createdAtColumn(),
    lastLogin: p.datetime().fieldName('last_login').nullable(),
    /** The reader's chosen reading mode; null follows the series type's default. */
    readingMode: p.string().length(16).fieldName('reading_mode').$type<ReadingMode>().nullable(),
  },
  // Declared here too (the migration creates them) so a generated migration never drops them.
  uniques: [
    {
      name: 'user_username_lower_unique',
      expression: 'create unique index "user_username_lower_unique" on "user" (lower("username"))',
    },
    { name: 'user_username_skeleton_unique', properties: ['usernameSkeleton'] },
    {
      name: 'user_email_lower_unique',
      expression: 'create unique index "user_email_lower_unique" on "user" (lower("email"))',
    },
  ],
  checks: [{ name: 'user_role_check', expression: `role in (${ROLES.map((r) => `'${r}'`).join(', ')})` }],
});

export class User extends UserEntity.class {}
UserEntity.setClass(User);
