// The shape of a route of the route table (`<domain>/<domain>.routes.ts`) and the helpers that read
// it. Types only from zod: this module ships no schema library, so the every-page client error
// reporter can build its path here too.
import type { z } from 'zod';

/**
 * Who may call a route: anyone, any signed-in user, moderators and up, or admins and superadmins.
 * The platform's `@Route()` turns it into the guard's rule.
 */
export const API_ACCESS_LEVELS = ['public', 'authenticated', 'staff', 'admin'] as const;
export type ApiAccess = (typeof API_ACCESS_LEVELS)[number];

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A body or an answer that is not JSON (images, uploaded files). */
export interface RawContent {
  contentTypes: readonly string[];
  description: string;
}

export interface ApiRoute {
  method: ApiMethod;
  /** As served, in OpenAPI form: `/api/content/{id}/approve`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: ApiAccess;
  /** What a guest is told on an `authenticated` route instead of the default "sign in" (401). */
  loginMessage?: string;
  params?: z.ZodObject;
  /**
   * `notFound`: a malformed path parameter names nothing, so it answers 404 like an unknown id
   * (the upload routes: anything but a UUID), not 400.
   */
  malformedParams?: 'notFound';
  /** Several schemas when one path answers two queries (the catalogue and the moderation queue). */
  query?: z.ZodObject | readonly z.ZodObject[];
  body?: z.ZodType;
  /** Whether a JSON body may be left out entirely (a bare DELETE). */
  bodyOptional?: boolean;
  rawBody?: RawContent;
  status: number;
  response?: z.ZodType;
  rawResponse?: RawContent;
  /** Error statuses beyond those the document derives (400 on input, 401/403 by access, 404 by id). */
  errors?: readonly number[];
}

/** `{slug}` and `{chapterNumber}` of `/api/series/manga/{slug}/{chapterNumber}`. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The values of a route's path parameters, by name. */
export type RoutePathParams<R extends Pick<ApiRoute, 'path'>> = {
  [Name in PathParamNames<R['path']>]: string | number;
};

/** Path parameters are required exactly when the route's path names some (any, for a route not known). */
export type RoutePathArgs<R extends Pick<ApiRoute, 'path'>> = string extends R['path']
  ? [params?: Record<string, string | number>]
  : [PathParamNames<R['path']>] extends [never]
    ? [params?: Record<string, never>]
    : [params: RoutePathParams<R>];

/**
 * The concrete path of a route: `routePath(USERS_ROUTES.role, { id: 7 })` → `/api/users/7/role`.
 * Every value is URI-encoded, so a slug can never reach another path.
 */
export function routePath<R extends Pick<ApiRoute, 'path'>>(route: R, ...[params]: RoutePathArgs<R>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** What a caller sends as the route's query (either form, for a path that takes two). */
export type RouteQueryInput<R extends ApiRoute> = R['query'] extends readonly (infer Q extends z.ZodType)[]
  ? z.input<Q>
  : R['query'] extends z.ZodType
    ? z.input<R['query']>
    : never;

/** What a caller sends as the route's JSON body. */
export type RouteBodyInput<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** The route's JSON answer, as its response schema parses it. */
export type RouteAnswer<R extends ApiRoute> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : unknown;
