import type { z } from 'zod';
import { ApiError, ApiTimeoutError } from './api-error';
import { t } from '@/i18n';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  /** Give up after this many milliseconds with an {@link ApiTimeoutError}. */
  timeoutMs?: number;
  /** Let the request outlive the page (progress saved as the reader leaves). */
  keepalive?: boolean;
}

/**
 * The browser's typed client: same-origin `/api/*` (the edge routes it to the platform), the
 * session cookie sent, JSON bodies, answers parsed with the contract schema. Error answers become
 * an {@link ApiError} with the field errors.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiTimeoutError();
    throw new ApiError(0, t.errors.network);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, t.errors.invalidAnswer);
  return parsed.data;
}
