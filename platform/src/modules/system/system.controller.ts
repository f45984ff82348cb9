import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import {
  ClientErrorListQuerySchema,
  type ClientErrorListResponse,
  ClientErrorReportBodySchema,
  CreateDomainBodySchema,
  CreateServiceBodySchema,
  type DeleteResponse,
  type DomainListResponse,
  type DomainResponse,
  type HealthResponse,
  type ServiceListResponse,
  type ServiceResponse,
  SystemIdParamSchema,
  type SystemStatsResponse,
  UpdateDomainBodySchema,
  UpdateServiceBodySchema,
  isAdminRole,
} from '@warraq/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ADMIN_ROLES, Public, Roles, STAFF_ROLES } from '../../common/decorators/access.decorators';
import { CurrentAuth, CurrentUser } from '../../common/decorators/current-auth.decorator';
import type { RequestAuth } from '../../common/http/request-auth';
import { ZodBody, ZodParams, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { Request } from 'express';
import type { User } from '../users/user.entity';
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
@Controller('system')
export class SystemController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RegistryService,
    private readonly healthService: HealthService,
    private readonly statsService: StatsService,
    private readonly clientErrors: ClientErrorsService,
  ) {}

  /** The build's version, shown in the site footer and API docs panel. */
  @Get('version')
  @Public()
  version(): { version: string } {
    return { version: this.config.version };
  }

  /** Liveness for start-up scripts: answers as soon as the HTTP server is up. */
  @Get('ping')
  @Public()
  ping(): { ok: true } {
    return { ok: true };
  }

  @Get('services')
  @Roles(...ADMIN_ROLES)
  services(): Promise<ServiceListResponse> {
    return this.registry.services();
  }

  @Post('services')
  @Roles(...ADMIN_ROLES)
  createService(@ZodBody(CreateServiceBodySchema) body: CreateService): Promise<ServiceResponse> {
    return this.registry.createService(body);
  }

  @Put('services/:id')
  @Roles(...ADMIN_ROLES)
  updateService(
    @ZodParams(SystemIdParamSchema) { id }: IdParams,
    @ZodBody(UpdateServiceBodySchema) body: UpdateService,
  ): Promise<ServiceResponse> {
    return this.registry.updateService(id, body);
  }

  @Delete('services/:id')
  @Roles(...ADMIN_ROLES)
  deleteService(@ZodParams(SystemIdParamSchema) { id }: IdParams): Promise<DeleteResponse> {
    return this.registry.deleteService(id);
  }

  /** Staff read it: the dashboard's domain panel is on the moderators' dashboard too. */
  @Get('domains')
  @Roles(...STAFF_ROLES)
  domains(): Promise<DomainListResponse> {
    return this.registry.domains();
  }

  @Post('domains')
  @Roles(...ADMIN_ROLES)
  createDomain(@ZodBody(CreateDomainBodySchema) body: CreateDomain): Promise<DomainResponse> {
    return this.registry.createDomain(body);
  }

  @Put('domains/:id')
  @Roles(...ADMIN_ROLES)
  updateDomain(
    @ZodParams(SystemIdParamSchema) { id }: IdParams,
    @ZodBody(UpdateDomainBodySchema) body: UpdateDomain,
  ): Promise<DomainResponse> {
    return this.registry.updateDomain(id, body);
  }

  @Delete('domains/:id')
  @Roles(...ADMIN_ROLES)
  deleteDomain(@ZodParams(SystemIdParamSchema) { id }: IdParams): Promise<DeleteResponse> {
    return this.registry.deleteDomain(id);
  }

  @Get('health')
  @Roles(...STAFF_ROLES)
  health(@CurrentUser() user: User): Promise<HealthResponse> {
    return this.healthService.health(isAdminRole(user.role));
  }

  @Get('stats')
  @Roles(...STAFF_ROLES)
  stats(): Promise<SystemStatsResponse> {
    return this.statsService.stats();
  }

  /** Any page may report, signed in or not; the body is capped at 16 KB before parsing. */
  @Post('client-errors')
  @HttpCode(202)
  @Public()
  async reportClientError(
    @ZodBody(ClientErrorReportBodySchema) body: ClientErrorReport,
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

  @Get('client-errors')
  @Roles(...ADMIN_ROLES)
  listClientErrors(
    @ZodQuery(ClientErrorListQuerySchema) query: { page: number; limit: number },
  ): Promise<ClientErrorListResponse> {
    return this.clientErrors.list(query.page, query.limit);
  }
}
