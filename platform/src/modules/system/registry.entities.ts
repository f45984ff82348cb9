import { defineEntity, p } from '@mikro-orm/core';
import type { DomainStatus, ServiceStatus, ServiceType, SslStatus } from '@warraq/contracts';
import { User } from '../users/user.entity';
import { createdAtColumn, updatedAtColumn } from '../../database/timestamp-columns';

/** A platform service the admins register (spec §3 Service); its URL is probed for health. */
export const ServiceRecordEntity = defineEntity({
  name: 'ServiceRecord',
  tableName: 'service',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    type: p.string().length(16).$type<ServiceType>(),
    status: p.string().length(16).$type<ServiceStatus>(),
    url: p.string().length(500),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export class ServiceRecord extends ServiceRecordEntity.class {}
ServiceRecordEntity.setClass(ServiceRecord);

/** A (sub)domain served by the platform (spec §3 Domain); the primary one mirrors the configured base domain. */
export const DomainRecordEntity = defineEntity({
  name: 'DomainRecord',
  tableName: 'domain',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(253),
    service: () => p.manyToOne(ServiceRecord).deleteRule('set null').nullable().ref(),
    isPrimary: p.boolean().fieldName('is_primary').default(false),
    sslStatus: p.string().length(16).fieldName('ssl_status').$type<SslStatus>(),
    status: p.string().length(16).$type<DomainStatus>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export class DomainRecord extends DomainRecordEntity.class {}
DomainRecordEntity.setClass(DomainRecord);

/** A browser error a visitor's page reported (decisions.md: instead of the console-forwarding socket). */
export const ClientErrorRecordEntity = defineEntity({
  name: 'ClientErrorRecord',
  tableName: 'client_error',
  properties: {
    id: p.integer().primary().autoincrement(),
    message: p.string().length(2000),
    stack: p.string().length(8000).nullable(),
    path: p.string().length(2000),
    source: p.string().length(24).$type<'error' | 'unhandledrejection' | 'console'>(),
    userAgent: p.string().length(500).fieldName('user_agent').nullable(),
    user: () => p.manyToOne(User).deleteRule('set null').nullable().ref(),
    createdAt: createdAtColumn(),
  },
});
export class ClientErrorRecord extends ClientErrorRecordEntity.class {}
ClientErrorRecordEntity.setClass(ClientErrorRecord);
