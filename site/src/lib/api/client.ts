import type { z } from 'zod';
import {
  type ApiRoute,
  type RouteAnswer,
  type RouteBodyInput,
  routePath,
  type RoutePathArgs,
  type RouteQueryInput,
} from '@warraq/contracts';
import { ApiError, ApiTimeoutError } from './api-error';
import { t } from '@/i18n';

/** What a call sends: the route's path parameters, query and JSON body, each typed by the route. */
export type RouteInput<R extends ApiRoute> = (RoutePathArgs<R> extends [unknown]
  ? { params: RoutePathArgs<R>[0] }
  : { params?: undefined }) &
  ([RouteQueryInput<R>] extends [never]
    ? { query?: undefined }
    : // A page's own query may be handed on as it came (the catalogue's filters).
      { query?: RouteQueryInput<R> | URLSearchParams }) &
  ([RouteBodyInput<R>] extends [never]
    ? { body?: undefined }
    : R['bodyOptional'] extends true
      ? { body?: RouteBodyInput<R> }
      : { body: RouteBodyInput<R> });

/** `[input]` when the route needs one (path parameters, a body), else optional. */
type InputArgs<R extends ApiRoute, Rest extends unknown[]> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, ...rest: Partial<Rest>]
    : [input: RouteInput<R>, ...rest: Partial<Rest>];

/** The concrete URL of a call: the route's path with its parameters, and the query. */
export function routeUrl<R extends ApiRoute>(route: R, input: RouteInput<R> | undefined): string {
  const path = routePath(route, ...([input?.params] as RoutePathArgs<R>));
  const query = input?.query instanceof URLSearchParams ? input.query : searchParams(input?.query as object);
  const search = query?.toString();
  return search ? `${path}?${search}` : path;
}

function searchParams(query: object | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}

/**
 * The route's answer, parsed with its response schema (or `answer`, a narrower one, where one path
 * answers two shapes); an answer off the schema is an {@link ApiError} of its status.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, status: number, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(status, t.errors.invalidAnswer);
  return parsed.data;
}

export interface ApiRequestOptions<A extends z.ZodType = z.ZodType> {
  /** Give up after this many milliseconds with an {@link ApiTimeoutError}. */
  timeoutMs?: number;
  /** Let the request outlive the page (progress saved as the reader leaves). */
  keepalive?: boolean;
  /** Warming a cache, not a reading (`Purpose: prefetch`: the platform counts no view). */
  prefetch?: boolean;
  /** A narrower schema than the route's for the answer (the catalogue path's queue answer). */
  answer?: A;
}

/**
 * The browser's typed client: calls a route of the contracts' table by its object, same-origin
 * (the edge routes `/api` to the platform), the session cookie sent, JSON bodies, answers parsed
 * with the route's response schema. Error answers become an {@link ApiError} with the field errors.
 *
 * `api(USER_ROUTES.changeRole, { params: { id }, body: { role } })`
 */
export async function api<
  R extends ApiRoute,
  A extends z.ZodType<RouteAnswer<R>> = z.ZodType<RouteAnswer<R>>,
>(route: R, ...[input, options = {}]: InputArgs<R, [options: ApiRequestOptions<A>]>): Promise<z.output<A>> {
  const body = input?.body;
  let response: Response;
  try {
    response = await fetch(routeUrl(route, input), {
      method: route.method.toUpperCase(),
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.prefetch ? { Purpose: 'prefetch' } : {}),
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
  return parseAnswer(options.answer ?? answerSchema(route), response.status, json) as z.output<A>;
}

/** The route's response schema (every route the site calls with JSON has one). */
export function answerSchema(route: ApiRoute): z.ZodType {
  if (!route.response) throw new Error(`${route.method.toUpperCase()} ${route.path} answers no JSON`);
  return route.response;
}
