import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorResponse } from '@warraq/contracts';
import type { Response } from 'express';
import { ApiError } from '../http/api-error';
import { isDatabaseUnavailable } from '../database/database-errors';
import { isRedisUnavailable } from '../redis/redis-errors';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'بيانات غير صالحة',
  401: 'يجب تسجيل الدخول أولًا',
  403: 'ليست لديك صلاحية لهذا الإجراء',
  404: 'غير موجود',
  405: 'الطريقة غير مسموح بها',
  408: 'انتهت مهلة الطلب قبل أن يكتمل',
  413: 'حجم الطلب كبير جدًا',
  415: 'نوع المحتوى غير مدعوم، يجب إرسال JSON',
  426: 'هذا العنوان للاتصال الفوري (WebSocket) وحده',
  429: 'طلبات كثيرة. يرجى المحاولة بعد قليل.',
  431: 'ترويسات الطلب أكبر من المسموح',
  500: 'حدث خطأ في الخادم',
  501: 'طريقة الطلب غير مدعومة',
  503: 'الخدمة غير متاحة مؤقتًا، يرجى المحاولة بعد قليل',
};

/** Seconds a client should wait before retrying after a 503. */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;

export function errorBody(
  status: number,
  message?: string,
  errors?: Record<string, string[]>,
): ErrorResponse {
  return {
    success: false,
    statusCode: status,
    message: message ?? DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[500]!,
    ...(errors ? { errors } : {}),
  };
}

const logger = new Logger('ApiExceptionFilter');

/**
 * Answers `exception` in the contracts' ErrorResponse shape: the exception filter's work, shared with
 * the routes served ahead of Nest's router (app.setup.ts).
 */
export function answerApiError(exception: unknown, res: Response): void {
  if (res.headersSent) return;

  if (exception instanceof ApiError) {
    for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
    res
      .status(exception.getStatus())
      .json(errorBody(exception.getStatus(), exception.message, exception.errors));
    return;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest's own messages are English and technical; keep the shape and the Arabic default.
    res.status(status).json(errorBody(status));
    return;
  }
  const away = isRedisUnavailable(exception) ? 'redis' : isDatabaseUnavailable(exception) ? 'database' : null;
  if (away) {
    // Sessions, rate limits and queues live in Redis, everything else in PostgreSQL: while either
    // is away (a restart, a failover) nothing can be promised, and saying so (503, retry later) is
    // the truth, where a 500 would claim a bug. Both clients reconnect on a later request.
    logger.warn(`${away} unavailable: ${(exception as Error).message}`);
    res.setHeader('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_SECONDS));
    res.status(503).json(errorBody(503));
    return;
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  res.status(500).json(errorBody(500));
}

/** Every error of the HTTP API leaves in the contracts' ErrorResponse shape. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    answerApiError(exception, host.switchToHttp().getResponse<Response>());
  }
}
