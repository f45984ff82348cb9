import { Controller, Inject, Req } from '@nestjs/common';
import {
  type ClientErrorListResponse,
  type DeleteResponse,
  type DomainListResponse,
  type DomainResponse,
  type HealthResponse,
  type ServiceListResponse,
  type ServiceResponse,
  SYSTEM_ROUTES,
  type SystemStatsResponse,
  type VersionResponse,
  isAdminRole,
} from '@warraq/contracts';
import type { Request } from 'express';
import { RouteBody, RouteParams, RouteQuery } from '../../common/http/route-input';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CurrentAuth, CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser, RequestAuth } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { type ClientErrorReport, ClientErrorsService } from './client-errors.service';
import { HealthService } from './health.service';
import {
  type CreateDomain,
  type CreateService,
  RegistryService,
  type UpdateDomain,
  type UpdateService,
} from './registry.service';
import { StatsService } from './stats.service';

type IdParams = { id: number };

/**
 * The admin area's system routes: the service and domain registry (admins write, staff read the
 * domains the dashboard shows), health and statistics for the dashboard, and client error reports.
 */
@Controller()
export class SystemController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RegistryService,
    private readonly healthService: HealthService,
    private readonly statsService: StatsService,
    private readonly clientErrors: ClientErrorsService,
  ) {}

  /** The build's version, shown in the site footer and API docs panel. */
  @Route(SYSTEM_ROUTES.version)
  version(): VersionResponse {
    return { version: this.config.version };
  }

  /** Liveness for start-up scripts: answers as soon as the HTTP server is up. */
  @Route(SYSTEM_ROUTES.ping)
  ping(): { ok: true } {
    return { ok: true };
  }

  @Route(SYSTEM_ROUTES.services)
  services(): Promise<ServiceListResponse> {
    return this.registry.services();
  }

  @Route(SYSTEM_ROUTES.createService)
  createService(@RouteBody() body: CreateService): Promise<ServiceResponse> {
    return this.registry.createService(body);
  }

  @Route(SYSTEM_ROUTES.updateService)
  updateService(@RouteParams() { id }: IdParams, @RouteBody() body: UpdateService): Promise<ServiceResponse> {
    return this.registry.updateService(id, body);
  }

  @Route(SYSTEM_ROUTES.deleteService)
  deleteService(@RouteParams() { id }: IdParams): Promise<DeleteResponse> {
    return this.registry.deleteService(id);
  }

  /** Staff read it: the dashboard's domain panel is on the moderators' dashboard too. */
  @Route(SYSTEM_ROUTES.domains)
  domains(): Promise<DomainListResponse> {
    return this.registry.domains();
  }

  @Route(SYSTEM_ROUTES.createDomain)
  createDomain(@RouteBody() body: CreateDomain): Promise<DomainResponse> {
    return this.registry.createDomain(body);
  }

  @Route(SYSTEM_ROUTES.updateDomain)
  updateDomain(@RouteParams() { id }: IdParams, @RouteBody() body: UpdateDomain): Promise<DomainResponse> {
    return this.registry.updateDomain(id, body);
  }

  @Route(SYSTEM_ROUTES.deleteDomain)
  deleteDomain(@RouteParams() { id }: IdParams): Promise<DeleteResponse> {
    return this.registry.deleteDomain(id);
  }

  @Route(SYSTEM_ROUTES.health)
  health(@CurrentUser() user: AuthUser): Promise<HealthResponse> {
    return this.healthService.health(isAdminRole(user.role));
  }

  @Route(SYSTEM_ROUTES.stats)
  stats(): Promise<SystemStatsResponse> {
    return this.statsService.stats();
  }

  /** Any page may report, signed in or not; the body is capped at 16 KB before parsing. */
  @Route(SYSTEM_ROUTES.reportClientError)
  async reportClientError(
    @RouteBody() body: ClientErrorReport,
    @CurrentAuth() auth: RequestAuth,
    @Req() req: Request,
  ): Promise<{ success: true }> {
    await this.clientErrors.report(body, {
      ip: req.ip ?? 'unknown',
      userAgent: req.headers['user-agent'],
      userId: auth?.user?.id ?? null,
    });
    return { success: true };
  }

  @Route(SYSTEM_ROUTES.clientErrors)
  listClientErrors(@RouteQuery() query: { page: number; limit: number }): Promise<ClientErrorListResponse> {
    return this.clientErrors.list(query.page, query.limit);
  }
}
