import { EntityManager, ref, Reference, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type CreateDomainBodySchema,
  type CreateServiceBodySchema,
  type DeleteResponse,
  type Domain,
  type DomainListResponse,
  type DomainResponse,
  type Service,
  type ServiceListResponse,
  type ServiceResponse,
  SYSTEM_MESSAGES,
  type UpdateDomainBodySchema,
  type UpdateServiceBodySchema,
} from '@warraq/contracts';
import type { z } from 'zod';
import { ApiError } from '../../common/http/api-error';
import { definedOnly } from '../../common/util/defined-only';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainRecord, ServiceRecord } from './registry.entities';

export type CreateService = z.output<typeof CreateServiceBodySchema>;
export type UpdateService = z.output<typeof UpdateServiceBodySchema>;
export type CreateDomain = z.output<typeof CreateDomainBodySchema>;
export type UpdateDomain = z.output<typeof UpdateDomainBodySchema>;

export function toServiceDto(service: ServiceRecord): Service {
  return {
    id: service.id,
    name: service.name,
    type: service.type,
    status: service.status,
    url: service.url,
    created_at: service.createdAt.toISOString(),
  };
}

function toDomainDto(domain: DomainRecord): Domain {
  const service = domain.service ? (Reference.unwrapReference(domain.service) as ServiceRecord) : null;
  return {
    id: domain.id,
    name: domain.name,
    service_id: service?.id ?? null,
    service_name: service?.name ?? null,
    is_primary: domain.isPrimary,
    ssl_status: domain.sslStatus,
    status: domain.status,
    created_at: domain.createdAt.toISOString(),
  };
}

function conflictOf(error: unknown): unknown {
  if (!(error instanceof UniqueConstraintViolationException)) return error;
  if (error.message.includes('service_name_lower_unique'))
    return ApiError.conflict({ name: [SYSTEM_MESSAGES.serviceNameTaken] });
  if (error.message.includes('domain_name_unique'))
    return ApiError.conflict({ name: [SYSTEM_MESSAGES.domainNameTaken] });
  return ApiError.conflict({ _: [SYSTEM_MESSAGES.genericError] });
}

/**
 * The admin area's registry of services and domains (spec §3). The primary domain is the configured
 * base domain: it is written at start-up and cannot be edited or deleted here, since renaming it
 * would not move the platform.
 */
@Injectable()
export class RegistryService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RegistryService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.em.getConnection().execute(
        `insert into "domain" (name, is_primary, ssl_status, status) values (?, true, 'valid', 'active')
         on conflict (is_primary) where is_primary do update set name = excluded.name, updated_at = now()`,
        [this.config.baseDomain],
      );
    } catch (error) {
      // A non-primary row already holds the base domain's name: leave the registry as the admins made it.
      this.logger.warn(`primary domain not recorded: ${String(error)}`);
    }
  }

  async services(): Promise<ServiceListResponse> {
    const rows = await this.em.fork().find(ServiceRecord, {}, { orderBy: { id: 'asc' } });
    return { success: true, data: rows.map(toServiceDto) };
  }

  async createService(body: CreateService): Promise<ServiceResponse> {
    const em = this.em.fork();
    const service = em.create(ServiceRecord, body as never);
    await em.flush().catch((error: unknown) => {
      throw conflictOf(error);
    });
    return { success: true, message: SYSTEM_MESSAGES.serviceCreated, data: toServiceDto(service) };
  }

  async updateService(id: number, body: UpdateService): Promise<ServiceResponse> {
    const em = this.em.fork();
    const service = await em.findOne(ServiceRecord, { id });
    if (!service) throw ApiError.notFound(SYSTEM_MESSAGES.serviceNotFound);
    em.assign(service, definedOnly(body));
    await em.flush().catch((error: unknown) => {
      throw conflictOf(error);
    });
    return { success: true, message: SYSTEM_MESSAGES.serviceUpdated, data: toServiceDto(service) };
  }

  /** Domains linked to the service stay, unlinked (the foreign key sets null). */
  async deleteService(id: number): Promise<DeleteResponse> {
    const deleted = await this.em.fork().nativeDelete(ServiceRecord, { id });
    if (deleted === 0) throw ApiError.notFound(SYSTEM_MESSAGES.serviceNotFound);
    return { success: true, message: SYSTEM_MESSAGES.serviceDeleted };
  }

  async domains(): Promise<DomainListResponse> {
    const rows = await this.em
      .fork()
      .find(DomainRecord, {}, { populate: ['service'], orderBy: { isPrimary: 'desc', name: 'asc' } });
    return { success: true, data: rows.map(toDomainDto) };
  }

  async createDomain(body: CreateDomain): Promise<DomainResponse> {
    const em = this.em.fork();
    const service = await this.linkedService(em, body.service_id ?? null);
    const domain = em.create(DomainRecord, {
      name: body.name,
      service,
      isPrimary: false,
      sslStatus: body.ssl_status,
      status: body.status,
    } as never);
    await em.flush().catch((error: unknown) => {
      throw conflictOf(error);
    });
    return { success: true, message: SYSTEM_MESSAGES.domainCreated, data: toDomainDto(domain) };
  }

  async updateDomain(id: number, body: UpdateDomain): Promise<DomainResponse> {
    const em = this.em.fork();
    const domain = await this.editableDomain(em, id);
    if (body.name !== undefined) domain.name = body.name;
    if (body.service_id !== undefined) {
      const service = await this.linkedService(em, body.service_id);
      domain.service = service ? ref(service) : null;
    }
    if (body.ssl_status !== undefined) domain.sslStatus = body.ssl_status;
    if (body.status !== undefined) domain.status = body.status;
    await em.flush().catch((error: unknown) => {
      throw conflictOf(error);
    });
    await em.populate(domain, ['service']);
    return { success: true, message: SYSTEM_MESSAGES.domainUpdated, data: toDomainDto(domain) };
  }

  async deleteDomain(id: number): Promise<DeleteResponse> {
    const em = this.em.fork();
    const domain = await this.editableDomain(em, id);
    await em.remove(domain).flush();
    return { success: true, message: SYSTEM_MESSAGES.domainDeleted };
  }

  private async editableDomain(em: EntityManager, id: number): Promise<DomainRecord> {
    const domain = await em.findOne(DomainRecord, { id }, { populate: ['service'] });
    if (!domain) throw ApiError.notFound(SYSTEM_MESSAGES.domainNotFound);
    if (domain.isPrimary) throw ApiError.conflict({ name: [SYSTEM_MESSAGES.primaryLocked] });
    return domain;
  }

  private async linkedService(em: EntityManager, id: number | null): Promise<ServiceRecord | null> {
    if (id === null) return null;
    const service = await em.findOne(ServiceRecord, { id });
    if (!service) throw ApiError.validation({ service_id: [SYSTEM_MESSAGES.unknownService] });
    return service;
  }
}
