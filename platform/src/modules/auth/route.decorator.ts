import { applyDecorators } from '@nestjs/common';
import type { ApiRoute } from '@warraq/contracts';
import { RouteMapping } from '../../common/http/route-input';
import { ADMIN_ROLES, Authenticated, Public, Roles, STAFF_ROLES } from './access.decorators';

/** The guard's rule for a route of the table. */
function accessRuleOf(route: ApiRoute): MethodDecorator {
  switch (route.access) {
    case 'public':
      return Public();
    case 'authenticated':
      return Authenticated(route.loginMessage);
    case 'staff':
      return Roles(...STAFF_ROLES);
    case 'admin':
      return Roles(...ADMIN_ROLES);
  }
}

/**
 * `@Route(USER_ROUTES.get)`: serves a route of the contracts' table with its method, path, status
 * and access rule; `@RouteParams()`, `@RouteQuery()` and `@RouteBody()` parse with its schemas.
 */
export function Route(route: ApiRoute): MethodDecorator {
  return applyDecorators(RouteMapping(route), accessRuleOf(route));
}
