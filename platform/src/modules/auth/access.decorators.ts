import { SetMetadata } from '@nestjs/common';
import type { Role } from '@warraq/contracts';

/** Metadata key of every route's access rule; a route without one is refused (fail closed). */
export const ACCESS_RULE_KEY = 'warraq:access-rule';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated'; message?: string }
  | { kind: 'roles'; roles: readonly Role[] };

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE_KEY, { kind: 'public' } satisfies AccessRule);
/** Any signed-in user; `message` replaces the default 401 text (e.g. 'يرجى تسجيل الدخول للإعجاب بالفصل'). */
export const Authenticated = (message?: string) =>
  SetMetadata(
    ACCESS_RULE_KEY,
    (message ? { kind: 'authenticated', message } : { kind: 'authenticated' }) satisfies AccessRule,
  );
/** Signed-in users holding one of these roles. */
export const Roles = (...roles: Role[]) =>
  SetMetadata(ACCESS_RULE_KEY, { kind: 'roles', roles } satisfies AccessRule);

export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin', 'superadmin'];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];
