import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig, MetadataScanner, Reflector } from '@nestjs/core';
import { isRouteExcluded } from '@nestjs/core/router/utils/index.js';
import type { ApiAccess, ApiRoute } from '@warraq/contracts';
import { DIRECT_ROUTES } from '../src/app.setup';
import { routeOf } from '../src/common/http/route-input';
import {
  ACCESS_RULE_KEY,
  ADMIN_ROLES,
  type AccessRule,
  STAFF_ROLES,
} from '../src/modules/auth/access.decorators';

type ControllerClass = new (...args: never[]) => object;
interface ContainerView {
  container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: ControllerClass }> }> };
}

export interface AppRoute {
  /** Upper case, as Nest names it: GET, POST… */
  method: string;
  /** As served, global prefix included: `/api/content/:id/approve`. */
  path: string;
  /** The same path in OpenAPI form: `/api/content/{id}/approve`. */
  openApiPath: string;
  /** `Controller.method`, for messages. */
  handler: string;
  rule: AccessRule | undefined;
  /** The route-table entry the handler says it serves (`@Route(...)`), if any. */
  declared: ApiRoute | undefined;
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

/**
 * Every HTTP route of the app, found from Nest's controller metadata (not from a hand-kept list),
 * and the routes served ahead of Nest's router (app.setup.ts), which are public by construction.
 */
export function appRoutes(app: INestApplication): AppRoute[] {
  const reflector = app.get(Reflector);
  const config = app.get(ApplicationConfig);
  const prefix = config.getGlobalPrefix();
  const excluded = config.getGlobalPrefixOptions().exclude ?? [];
  const scanner = new MetadataScanner();
  const routes: AppRoute[] = [];
  for (const mod of (app as unknown as ContainerView).container.getModules().values()) {
    for (const { metatype: controller } of mod.controllers.values()) {
      const bases = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as () => void;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE_KEY, [
          handler,
          controller,
        ]);
        for (const base of bases) {
          for (const path of asList(paths)) {
            const local = join(base, path);
            const served =
              prefix && !isRouteExcluded(excluded, local, requestMethod) ? join(prefix, local) : local;
            routes.push({
              method: RequestMethod[requestMethod],
              path: served,
              openApiPath: served.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
              handler: `${controller.name}.${name}`,
              rule,
              declared: routeOf(handler),
            });
          }
        }
      }
    }
  }
  for (const direct of DIRECT_ROUTES) {
    routes.push({
      method: direct.route.method.toUpperCase(),
      // Without parameters (app.setup.ts): the same in both forms.
      path: direct.route.path,
      openApiPath: direct.route.path,
      handler: `${direct.name}.handle`,
      rule: { kind: 'public' },
      declared: direct.route,
    });
  }
  return routes;
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** The contracts' access level a decorator amounts to; undefined for a rule the levels cannot say. */
export function accessLevelOf(rule: AccessRule | undefined): ApiAccess | undefined {
  if (!rule) return undefined;
  if (rule.kind === 'public' || rule.kind === 'authenticated') return rule.kind;
  if (sameRoles(rule.roles, STAFF_ROLES)) return 'staff';
  if (sameRoles(rule.roles, ADMIN_ROLES)) return 'admin';
  return undefined;
}
