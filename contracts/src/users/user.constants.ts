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

/**
 * How numbers, dates and counts are written (issue 15, one numeral policy): Arabic-Indic digits
 * (٠١٢٣) or Western digits (0123). Arabic-Indic is the default: it is what ar-SA writes and what the
 * spec's Arabic screens show; a reader who prefers Western digits chooses them in the settings.
 */
export const NUMERALS = ['arab', 'latn'] as const;
export type Numerals = (typeof NUMERALS)[number];
export const DEFAULT_NUMERALS: Numerals = 'arab';
