import { HttpException } from '@nestjs/common';
import { AUTH_MESSAGES } from '@warraq/contracts';

export const VALIDATION_MESSAGE = 'بيانات غير صالحة';
export const TOO_MANY_REQUESTS_MESSAGE = 'طلبات كثيرة. يرجى المحاولة بعد قليل.';

/** An error that becomes exactly one ErrorResponse (contracts) with optional field errors and headers. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message, status);
  }

  static validation(errors: Record<string, string[]>): ApiError {
    return new ApiError(400, VALIDATION_MESSAGE, errors);
  }
  static unauthenticated(message: string = AUTH_MESSAGES.unauthenticated): ApiError {
    return new ApiError(401, message);
  }
  static forbidden(message: string = AUTH_MESSAGES.forbidden): ApiError {
    return new ApiError(403, message);
  }
  static notFound(message = 'غير موجود'): ApiError {
    return new ApiError(404, message);
  }
  static conflict(errors: Record<string, string[]>): ApiError {
    const message = Object.values(errors)[0]?.[0] ?? 'تعارض في البيانات';
    return new ApiError(409, message, errors);
  }
  static unavailable(message: string, retryAfterSeconds = 5): ApiError {
    return new ApiError(503, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
  static tooManyRequests(retryAfterSeconds: number, message = TOO_MANY_REQUESTS_MESSAGE): ApiError {
    return new ApiError(429, message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
