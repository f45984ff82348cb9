import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { type ApiMethod, type ApiRoute, fieldErrors } from '@warraq/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { ApiError } from './api-error';

/** The global prefix every route path of the table starts with (`/media/{key}` excepted). */
export const API_PREFIX = 'api';

/** API answers are data, never documents: nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Metadata key under which a handler keeps the route-table entry it serves. */
export const ROUTE_METADATA = 'warraq:route';

const REQUEST_METHODS: Record<ApiMethod, RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
};

/** `/api/content/{id}/approve` → `content/:id/approve` (Nest adds the global prefix back). */
export function nestPath(path: string): string {
  return path
    .replace(new RegExp(`^/${API_PREFIX}(?=/|$)`), '')
    .replace(/^\//, '')
    .replace(/\{([^}]+)\}/g, ':$1');
}

/** Matches the concrete paths of a route's path: `/api/users/{id}` → `/api/users/7`. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * The one place where a request value meets its contract schema. A failure is a 400 with the field
 * errors, unless the caller maps it to another error (token-login answers 401).
 */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  value: unknown,
  onError: (errors: Record<string, string[]>) => Error = ApiError.validation,
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw onError(fieldErrors(result.error));
  return result.data;
}

/**
 * Nest's method, path and status for a handler, from its route-table entry, which the handler
 * keeps for {@link RouteParams}, {@link RouteQuery} and {@link RouteBody}. Controllers use the auth
 * module's `@Route()`, which adds the route's access rule.
 */
export function RouteMapping(route: ApiRoute): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: nestPath(route.path), method: REQUEST_METHODS[route.method] }),
    HttpCode(route.status),
    SetMetadata(ROUTE_METADATA, route),
  );
}

/** The route-table entry a handler serves (set by {@link RouteMapping}). */
export function routeOf(handler: object): ApiRoute | undefined {
  return Reflect.getMetadata(ROUTE_METADATA, handler) as ApiRoute | undefined;
}

type RoutePart = 'params' | 'query' | 'body';

const routeInput = createParamDecorator((part: RoutePart, ctx: ExecutionContext): unknown => {
  const route = routeOf(ctx.getHandler());
  const schema = route?.[part];
  if (!route || !schema || Array.isArray(schema)) {
    const name = route ? `${route.method.toUpperCase()} ${route.path}` : ctx.getHandler().name;
    throw new Error(`${name} declares no single ${part} schema in the route table`);
  }
  const onError =
    part === 'params' && route.malformedParams === 'notFound'
      ? () => ApiError.notFound()
      : ApiError.validation;
  const req = ctx.switchToHttp().getRequest<Request>();
  return parseWithSchema(schema as z.ZodType, req[part], onError);
});

/** The path parameters, parsed with the route's `params` schema (400 with field errors, or 404). */
export const RouteParams = (): ParameterDecorator => routeInput('params');
/** The query, parsed with the route's `query` schema (400 with field errors). */
export const RouteQuery = (): ParameterDecorator => routeInput('query');
/** The JSON body, parsed with the route's `body` schema (400 with field errors). */
export const RouteBody = (): ParameterDecorator => routeInput('body');
