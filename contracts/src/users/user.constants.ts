// Plain constants (no zod), so a page that needs only these does not ship the schema library.
export const ROLES = ['reader', 'moderator', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §6: admin status is role admin or superadmin; staff adds moderators. */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}
export function isStaffRole(role: Role): boolean {
  return role === 'moderator' || isAdminRole(role);
}

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGES = ['ar', 'en'] as const;
