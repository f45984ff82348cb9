import { Reference, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
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
import type { DomainRecord, ServiceRecord } from './registry.entities';
import { RegistryRepository } from './registry.repository';

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
    private readonly registry: RegistryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.registry.recordPrimaryDomain(this.config.baseDomain);
    } catch (error) {
      // A non-primary row already holds the base domain's name: leave the registry as the admins made it.
      this.logger.warn(`primary domain not recorded: ${String(error)}`);
    }
  }

  async services(): Promise<ServiceListResponse> {
    const rows = await this.registry.services();
    return { success: true, data: rows.map(toServiceDto) };
  }

  async createService(body: CreateService): Promise<ServiceResponse> {
    const service = await this.registry.createService(body).catch((error: unknown) => {
      throw conflictOf(error);
    });
    return { success: true, message: SYSTEM_MESSAGES.serviceCreated, data: toServiceDto(service) };
  }

  async updateService(id: number, body: UpdateService): Promise<ServiceResponse> {
    const service = await this.registry.updateService(id, definedOnly(body)).catch((error: unknown) => {
      throw conflictOf(error);
    });
    if (!service) throw ApiError.notFound(SYSTEM_MESSAGES.serviceNotFound);
    return { success: true, message: SYSTEM_MESSAGES.serviceUpdated, data: toServiceDto(service) };
  }

  /** Domains linked to the service stay, unlinked (the foreign key sets null). */
  async deleteService(id: number): Promise<DeleteResponse> {
    if (!(await this.registry.deleteService(id))) throw ApiError.notFound(SYSTEM_MESSAGES.serviceNotFound);
    return { success: true, message: SYSTEM_MESSAGES.serviceDeleted };
  }

  async domains(): Promise<DomainListResponse> {
    const rows = await this.registry.domains();
    return { success: true, data: rows.map(toDomainDto) };
  }

  async createDomain(body: CreateDomain): Promise<DomainResponse> {
    const serviceId = await this.linkedService(body.service_id ?? null);
    const domain = await this.registry
      .createDomain({ name: body.name, serviceId, sslStatus: body.ssl_status, status: body.status })
      .catch((error: unknown) => {
        throw conflictOf(error);
      });
    return { success: true, message: SYSTEM_MESSAGES.domainCreated, data: toDomainDto(domain) };
  }

  async updateDomain(id: number, body: UpdateDomain): Promise<DomainResponse> {
    await this.editableDomain(id);
    const serviceId = body.service_id === undefined ? undefined : await this.linkedService(body.service_id);
    const domain = await this.registry
      .updateDomain(
        id,
        definedOnly({ name: body.name, serviceId, sslStatus: body.ssl_status, status: body.status }),
      )
      .catch((error: unknown) => {
        throw conflictOf(error);
      });
    if (!domain) throw ApiError.notFound(SYSTEM_MESSAGES.domainNotFound);
    return { success: true, message: SYSTEM_MESSAGES.domainUpdated, data: toDomainDto(domain) };
  }

  async deleteDomain(id: number): Promise<DeleteResponse> {
    await this.editableDomain(id);
    if (!(await this.registry.deleteDomain(id))) throw ApiError.notFound(SYSTEM_MESSAGES.domainNotFound);
    return { success: true, message: SYSTEM_MESSAGES.domainDeleted };
  }

  private async editableDomain(id: number): Promise<DomainRecord> {
    const domain = await this.registry.findDomain(id);
    if (!domain) throw ApiError.notFound(SYSTEM_MESSAGES.domainNotFound);
    if (domain.isPrimary) throw ApiError.conflict({ name: [SYSTEM_MESSAGES.primaryLocked] });
    return domain;
  }

  /** The id of the service a domain links to, checked to exist; null unlinks. */
  private async linkedService(id: number | null): Promise<number | null> {
    if (id === null) return null;
    if (!(await this.registry.findService(id))) {
      throw ApiError.validation({ service_id: [SYSTEM_MESSAGES.unknownService] });
    }
    return id;
  }
}
