import { z } from 'zod';
import { LIMITS } from '../common/limits.js';
import { EmailSchema, MESSAGES, PasswordSchema, UserSchema, UsernameSchema } from '../users/user.schemas.js';

const shortText = (max: number) => z.string().max(max);

/** What the browser tells about itself (spec §7); recorded for diagnostics, never trusted. */
export const DeviceInfoSchema = z
  .object({
    userAgent: shortText(512).optional(),
    platform: shortText(64).optional(),
    vendor: shortText(64).optional(),
    isMobile: z.boolean().optional(),
    isAndroid: z.boolean().optional(),
    screenWidth: z.number().int().min(0).max(100_000).optional(),
    screenHeight: z.number().int().min(0).max(100_000).optional(),
    pixelRatio: z.number().min(0).max(16).optional(),
  })
  .strip();
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

export const DeviceSchema = z.enum(['mobile', 'desktop']);

export const LoginBodySchema = z.object({
  username: z
    .string({ error: MESSAGES.usernameMin })
    .trim()
    .min(LIMITS.usernameMin, MESSAGES.usernameMin)
    .max(LIMITS.emailMax),
  password: z
    .string({ error: MESSAGES.passwordMin })
    .min(LIMITS.passwordMin, MESSAGES.passwordMin)
    .max(LIMITS.passwordMax),
  device: DeviceSchema.optional(),
  deviceInfo: DeviceInfoSchema.optional(),
  clientId: shortText(128).optional(),
  viewport: z
    .object({ width: z.number().int().min(0).max(100_000), height: z.number().int().min(0).max(100_000) })
    .partial()
    .optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The register form (site): the API payload plus the confirmation the browser checks. */
export const RegisterFormSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof RegisterFormSchema>;

/**
 * Spec §7's register payload. `points` and `created_at` are accepted for compatibility and ignored:
 * the server starts every account at 0 points, now.
 */
export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  points: z.unknown().optional(),
  created_at: z.unknown().optional(),
  device: DeviceSchema.optional(),
  deviceInfo: DeviceInfoSchema.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ChangePasswordBodySchema = z.object({
  oldPassword: PasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordFormSchema = z
  .object({
    oldPassword: PasswordSchema,
    newPassword: PasswordSchema,
    confirmPassword: PasswordSchema,
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: MESSAGES.newPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** Decision: token-login takes a short-lived, single-use code issued by the server, never a user id. */
export const TokenLoginBodySchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'رمز الدخول غير صالح'),
});
export type TokenLoginBody = z.infer<typeof TokenLoginBodySchema>;

export const SignInCodeResponseSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  expires_in: z.number().int(),
});

export const LoginRedirectSchema = z.object({
  toDashboard: z.boolean(),
  isDashboardSubdomain: z.boolean(),
});

export const AccessTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.literal(LIMITS.accessTokenExpiresIn),
  token_type: z.literal('Bearer'),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** Spec §3 "Login response", plus the bearer token fields of the API docs for non-browser clients. */
export const LoginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
  userId: z.number().int(),
  isAdmin: z.boolean(),
  token: z.string().nullable(),
  redirect: LoginRedirectSchema,
  access_token: z.string().optional(),
  expires_in: z.number().int().optional(),
  token_type: z.literal('Bearer').optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const ProfileResponseSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  isAdmin: z.boolean(),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const AUTH_MESSAGES = {
  loginSucceeded: 'تم تسجيل الدخول بنجاح',
  loginFailed: 'فشل تسجيل الدخول',
  invalidCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة',
  tooManyAttempts: 'محاولات كثيرة لتسجيل الدخول. يرجى المحاولة بعد قليل.',
  registered: 'تم إنشاء الحساب بنجاح',
  usernameTaken: 'اسم المستخدم مستخدم بالفعل',
  usernameConfusable: 'اسم المستخدم يشبه اسم مستخدم موجود حتى يلتبس به، يرجى اختيار اسم آخر',
  emailTaken: 'البريد الإلكتروني مستخدم بالفعل',
  loggedOut: 'تم تسجيل الخروج',
  passwordChanged: 'تم تحديث كلمة المرور',
  wrongOldPassword: 'كلمة المرور الحالية غير صحيحة',
  unauthenticated: 'يجب تسجيل الدخول أولًا',
  forbidden: 'ليست لديك صلاحية لهذا الإجراء',
  foreignOrigin: 'تم رفض الطلب: مصدر غير موثوق',
  invalidSignInCode: 'رمز الدخول غير صالح أو منتهي الصلاحية',
  // Spec §5 words these in English, verbatim.
  invalidUserIdForTokenLogin: 'Invalid user ID for token login',
  noUserData: 'Authentication failed: No user data received',
  defaultFailure: 'Authentication failed - please check your credentials',
} as const;
