import { ErrorResponseSchema } from '@warraq/contracts';
import { t } from '@/i18n';

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
    const parsed = ErrorResponseSchema.safeParse(body);
    if (parsed.success) {
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(parsed.data.errors ?? {})) {
        if (messages[0]) fields[field] = messages[0];
      }
      return new ApiError(status, parsed.data.message, fields);
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
