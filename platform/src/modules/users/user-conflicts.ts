import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AUTH_MESSAGES } from '@warraq/contracts';
import { ApiError } from '../../common/http/api-error';

/** A unique index violation (a race lost after the pre-check) becomes the same 409 as the pre-check. */
export function mapUniqueViolation(error: unknown): unknown {
  if (!(error instanceof UniqueConstraintViolationException)) return error;
  if (error.message.includes('user_username_lower_unique'))
    return ApiError.conflict({ username: [AUTH_MESSAGES.usernameTaken] });
  if (error.message.includes('user_username_skeleton_unique'))
    return ApiError.conflict({ username: [AUTH_MESSAGES.usernameConfusable] });
  if (error.message.includes('user_email_lower_unique'))
    return ApiError.conflict({ email: [AUTH_MESSAGES.emailTaken] });
  return ApiError.conflict({ _: ['تعارض في البيانات'] });
}
