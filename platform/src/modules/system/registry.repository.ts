import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainStatus, ServiceStatus, ServiceType, SslStatus } from '@warraq/contracts';
import { DomainRecord, ServiceRecord } from './registry.entities';

export interface ServiceData {
  name: string;
  type: ServiceType;
  status: ServiceStatus;
  url: string;
}

export interface DomainData {
  name: string;
  serviceId: number | null;
  sslStatus: SslStatus;
  status: DomainStatus;
}

/**
 * The admin registry through the ORM: single-row CRUD on two small tables, where the unit of work
 * sets `updated_at` and a taken name surfaces as a UniqueConstraintViolationException. Each call
 * works on its own fork (the registry is also written at start-up, outside any request).
 */
@Injectable()
export class RegistryRepository {
  constructor(private readonly em: EntityManager) {}

  /** The configured base domain as the primary row: an upsert on a partial unique index, so raw SQL. */
  async recordPrimaryDomain(name: string): Promise<void> {
    await this.em.getConnection().execute(
      `insert into "domain" (name, is_primary, ssl_status, status) values (?, true, 'valid', 'active')
       on conflict (is_primary) where is_primary do update set name = excluded.name, updated_at = now()`,
      [name],
    );
  }

  services(): Promise<ServiceRecord[]> {
    return this.em.fork().find(ServiceRecord, {}, { orderBy: { id: 'asc' } });
  }

  findService(id: number): Promise<ServiceRecord | null> {
    return this.em.fork().findOne(ServiceRecord, { id });
  }

  async createService(data: ServiceData): Promise<ServiceRecord> {
    const em = this.em.fork();
    const service = em.create(ServiceRecord, data as never);
    await em.flush();
    return service;
  }

  /** Null when no such service. */
  async updateService(id: number, changes: Partial<ServiceData>): Promise<ServiceRecord | null> {
    const em = this.em.fork();
    const service = await em.findOne(ServiceRecord, { id });
    if (!service) return null;
    em.assign(service, changes);
    await em.flush();
    return service;
  }

  /** Domains linked to it stay, unlinked (the foreign key sets null). False when no such service. */
  async deleteService(id: number): Promise<boolean> {
    return (await this.em.fork().nativeDelete(ServiceRecord, { id })) > 0;
  }

  domains(): Promise<DomainRecord[]> {
    return this.em
      .fork()
      .find(DomainRecord, {}, { populate: ['service'], orderBy: { isPrimary: 'desc', name: 'asc' } });
  }

  findDomain(id: number): Promise<DomainRecord | null> {
    return this.em.fork().findOne(DomainRecord, { id }, { populate: ['service'] });
  }

  async createDomain(data: DomainData): Promise<DomainRecord> {
    const em = this.em.fork();
    const domain = em.create(DomainRecord, {
      name: data.name,
      service: data.serviceId === null ? null : em.getReference(ServiceRecord, data.serviceId),
      isPrimary: false,
      sslStatus: data.sslStatus,
      status: data.status,
    } as never);
    await em.flush();
    await em.populate(domain, ['service']);
    return domain;
  }

  /** Null when no such domain. */
  async updateDomain(id: number, changes: Partial<DomainData>): Promise<DomainRecord | null> {
    const em = this.em.fork();
    const domain = await em.findOne(DomainRecord, { id });
    if (!domain) return null;
    if (changes.name !== undefined) domain.name = changes.name;
    if (changes.serviceId !== undefined) {
      domain.service =
        changes.serviceId === null
          ? null
          : em.getReference(ServiceRecord, changes.serviceId, { wrapped: true });
    }
    if (changes.sslStatus !== undefined) domain.sslStatus = changes.sslStatus;
    if (changes.status !== undefined) domain.status = changes.status;
    await em.flush();
    await em.populate(domain, ['service']);
    return domain;
  }

  /** False when no such domain. */
  async deleteDomain(id: number): Promise<boolean> {
    return (await this.em.fork().nativeDelete(DomainRecord, { id })) > 0;
  }
}
