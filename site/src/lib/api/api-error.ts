import type { ErrorResponse } from '@warraq/contracts';
import { t } from '@/i18n';

/**
 * The API's error envelope (ErrorResponseSchema), checked by hand: every island that can fail loads
 * this file, and reading three fields is no reason for a guest's page to download the schema library.
 */
function errorAnswer(body: unknown): ErrorResponse | null {
  if (!body || typeof body !== 'object') return null;
  const { success, statusCode, message, errors } = body as Record<string, unknown>;
  if (success !== false || !Number.isInteger(statusCode) || typeof message !== 'string') return null;
  if (errors === undefined) return { success, statusCode: statusCode as number, message };
  if (!errors || typeof errors !== 'object') return null;
  const entries = Object.entries(errors);
  if (!entries.every(([, list]) => Array.isArray(list) && list.every((item) => typeof item === 'string'))) {
    return null;
  }
  return { success, statusCode: statusCode as number, message, errors: errors as Record<string, string[]> };
}

/** An error answer of the API ({success:false,statusCode,message,errors}) or a transport failure. */
export class ApiError extends Error {
  readonly status: number;
  /** Field → first message, from a 400/409 answer's `errors`. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** Status 0 means the request never got an answer (network down, platform unreachable). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    return ApiError.fromText(response.status, await response.text().catch(() => ''));
  }

  /** An error answer's status and body text (fetch or XMLHttpRequest alike). */
  static fromText(status: number, text: string): ApiError {
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const answer = errorAnswer(body);
    if (answer) {
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(answer.errors ?? {})) {
        if (messages[0]) fields[field] = messages[0];
      }
      return new ApiError(status, answer.message, fields);
    }
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : text.slice(0, 300);
    return new ApiError(status, message);
  }
}

/** The request took longer than its timeout (status 0, like any unanswered request). */
export class ApiTimeoutError extends ApiError {
  constructor() {
    super(0, 'timeout');
    this.name = 'ApiTimeoutError';
  }
}

/**
 * Spec §8 like/favourite failures: the server refused ('فشلت العملية'), or the call itself failed
 * with no answer ('حدث خطأ').
 */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && !error.isNetworkError ? t.series.actionFailed : t.series.actionError;
}
