import { z } from 'zod';
import { LIMITS } from '../common/limits.js';
import { DEFAULT_NUMERALS, LANGUAGES, NUMERALS, ROLES, THEMES, type Role } from './user.constants.js';
import { listResponseSchema, pageNumber } from '../common/list.schemas.js';
import { DEFAULT_NOVEL_READER_SETTINGS, NovelReaderSettingsSchema } from '../novel/novel-reader.settings.js';
import { arabicNumber } from '../common/arabic-number.js';

export const RoleSchema = z.enum(ROLES);

export const MESSAGES = {
  usernameMin: 'يجب أن يكون اسم المستخدم ٣ أحرف على الأقل',
  usernameMax: `يجب ألا يتجاوز اسم المستخدم ${arabicNumber(LIMITS.usernameMax)} حرفًا`,
  usernameChars: 'يمكن أن يحتوي اسم المستخدم على حروف وأرقام و _ . - فقط',
  usernameMixedScripts: 'يجب أن تكون حروف اسم المستخدم من أبجدية واحدة (عربية أو لاتينية مثلًا) دون خلط بينها',
  emailInvalid: 'يرجى إدخال بريد إلكتروني صالح',
  passwordMin: 'يجب أن تكون كلمة المرور ٦ أحرف على الأقل',
  passwordMax: `يجب ألا تتجاوز كلمة المرور ${arabicNumber(LIMITS.passwordMax)} حرفًا`,
  passwordsMismatch: 'كلمتا المرور غير متطابقتين',
  newPasswordsMismatch: 'كلمتا المرور الجديدتان غير متطابقتين',
  passwordTooCommon: 'كلمة المرور هذه شائعة جدًا وسهلة التخمين، يرجى اختيار غيرها',
  passwordSameAsOld: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية',
} as const;

// Letters of any script (Arabic included), digits, and _ . - ; no spaces or invisible characters.
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

/** Scripts a username's letters may come from; any letter outside them counts as a script of its own. */
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Han}/u,
  /\p{Script=Hiragana}/u,
  /\p{Script=Katakana}/u,
  /\p{Script=Hangul}/u,
];

/**
 * How many scripts a name's letters come from. `аdmin` (Cyrillic а) and `оwner` (Cyrillic о) mix two,
 * and look like names they are not; digits and _ . - belong to no script.
 */
export function usernameScriptCount(name: string): number {
  const seen = new Set<number>();
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    const index = SCRIPTS.findIndex((script) => script.test(char));
    seen.add(index === -1 ? SCRIPTS.length + (char.codePointAt(0) ?? 0) : index);
  }
  return seen.size;
}

/**
 * NFKC first, so fullwidth `ａｄｍｉｎ` is the `admin` it shows (and is taken if that is); then one
 * script per name. Arabic names are as welcome as Latin ones.
 */
export const UsernameSchema = z
  .string({ error: MESSAGES.usernameMin })
  .trim()
  .normalize('NFKC')
  .min(LIMITS.usernameMin, MESSAGES.usernameMin)
  .max(LIMITS.usernameMax, MESSAGES.usernameMax)
  .regex(USERNAME_PATTERN, MESSAGES.usernameChars)
  .refine((name) => usernameScriptCount(name) <= 1, MESSAGES.usernameMixedScripts);

export const EmailSchema = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .max(LIMITS.emailMax, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: MESSAGES.passwordMin })
  .min(LIMITS.passwordMin, MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, MESSAGES.passwordMax);

export const ThemeSchema = z.enum(THEMES, { error: 'يجب أن يكون المظهر فاتحًا أو داكنًا أو حسب النظام' });

export const LanguageSchema = z.enum(LANGUAGES, { error: 'لغة غير مدعومة' });

export const NumeralsSchema = z.enum(NUMERALS, { error: 'يجب أن تكون الأرقام عربية مشرقية أو غربية' });

export const PreferencesSchema = z.object({
  theme: ThemeSchema,
  language: LanguageSchema,
  /** Arabic-Indic or Western digits for every number, date and count of the interface. */
  numerals: NumeralsSchema,
  notifications: z.object({ email: z.boolean(), push: z.boolean() }),
  /** The novel reader's font, size, spacing, width, theme and alignment (issue 13). */
  novelReader: NovelReaderSettingsSchema,
  /** While true, reading records no history (no progress, no read markers by opening a chapter). */
  historyPaused: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** Spec §3: language defaults to en; theme follows the OS. */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  language: 'en',
  numerals: DEFAULT_NUMERALS,
  notifications: { email: true, push: false },
  novelReader: DEFAULT_NOVEL_READER_SETTINGS,
  historyPaused: false,
};

export const UpdatePreferencesBodySchema = z
  .object({
    theme: ThemeSchema.optional(),
    language: LanguageSchema.optional(),
    numerals: NumeralsSchema.optional(),
    notifications: z.object({ email: z.boolean().optional(), push: z.boolean().optional() }).optional(),
    /** Only the fields given change; each is checked like the stored settings. */
    novelReader: NovelReaderSettingsSchema.partial().optional(),
    historyPaused: z.boolean().optional(),
  })
  .strict();
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;

export const SubscriptionSchema = z.object({
  service: z.string(),
  tier: z.string(),
  expires_at: z.string().nullable(),
});

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  points: z.number().int(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  services: z.array(z.string()),
  subscriptions: z.array(SubscriptionSchema),
  preferences: PreferencesSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'معرّف مستخدم غير صالح' })
    .int()
    .positive('معرّف مستخدم غير صالح')
    .max(2 ** 31 - 1),
});

export const UpdateUserBodySchema = z
  .object({ username: UsernameSchema.optional(), email: EmailSchema.optional() })
  .strict()
  .refine((body) => body.username !== undefined || body.email !== undefined, {
    message: 'لا توجد حقول لتحديثها',
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const ListUsersQuerySchema = z.object({
  page: pageNumber(LIMITS.usersPageDefault),
  limit: pageNumber(LIMITS.usersLimitDefault, LIMITS.usersLimitMax),
  search: z.string().trim().max(LIMITS.searchMax).optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const UserListResponseSchema = listResponseSchema(UserSchema);
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const PreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: PreferencesSchema,
});
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;

export const USER_ROLE_MESSAGES = {
  ownRole: 'لا يمكنك تغيير دورك بنفسك',
  adminOnlyBySuperadmin: 'منح دور المدير أو المدير العام أو سحبه متاح للمدير العام فقط',
  lastSuperadmin: 'لا يمكن خفض دور آخر مدير عام',
  unchanged: 'المستخدم يحمل هذا الدور بالفعل',
  updated: 'تم تغيير الدور',
  userNotFound: 'المستخدم غير موجود',
} as const;

/**
 * `PUT /api/users/:id/role`. Admins grant reader or moderator (to users who are neither admin nor
 * superadmin); only a superadmin grants or takes away admin and superadmin; nobody changes their own
 * role; the last superadmin keeps theirs.
 */
export const ChangeRoleBodySchema = z.object({ role: RoleSchema }).strict();
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>;
export const ChangeRoleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
});
export type ChangeRoleResponse = z.infer<typeof ChangeRoleResponseSchema>;

/** The roles `actor` may give to `target` (empty: the target's role is not theirs to change). */
export function assignableRoles(
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
): Role[] {
  if (actor.id === target.id) return [];
  if (actor.role === 'superadmin') return [...ROLES];
  if (actor.role === 'admin' && (target.role === 'reader' || target.role === 'moderator')) {
    return ['reader', 'moderator'];
  }
  return [];
}
