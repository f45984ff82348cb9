import {
  ClientErrorListResponseSchema,
  DeleteResponseSchema,
  DomainResponseSchema,
  MODERATION_PATHS,
  ModerationLogResponseSchema,
  SYSTEM_PATHS,
  ServiceListResponseSchema,
  ServiceResponseSchema,
  type CreateDomainBody,
  type CreateServiceBody,
  type UpdateDomainBody,
  type UpdateServiceBody,
} from '@warraq/contracts';
import { apiRequest } from '@/lib/api/client';
import { queryCache, runMutation, type QueryKey } from '@/lib/query';
import { DASHBOARD_KEYS, fetchDomains } from '@/lib/system/dashboard-queries';

/**
 * The admin pages' queries and mutations. Keys live under `['system']` (and the moderation log
 * under `['moderation']`), so the dashboard's panels and cards refresh with these pages' changes.
 */
export const ADMIN_KEYS = {
  services: ['system', 'services'],
  domains: DASHBOARD_KEYS.domains,
  clientErrors: (page: number) => ['system', 'client-errors', page] as const,
  moderationLog: (page: number) => ['moderation', 'log', page] as const,
} as const;

/** What a service or domain change can alter: lists, health probes, the active-services card. */
const SYSTEM_CHANGED = { invalidates: [['system']] } as const;

export { fetchDomains };
export const fetchServices = () => apiRequest('GET', SYSTEM_PATHS.services, ServiceListResponseSchema);

export const createService = (body: CreateServiceBody) =>
  runMutation(() => apiRequest('POST', SYSTEM_PATHS.services, ServiceResponseSchema, body), SYSTEM_CHANGED);
export const updateService = (id: number, body: UpdateServiceBody) =>
  runMutation(() => apiRequest('PUT', SYSTEM_PATHS.service(id), ServiceResponseSchema, body), SYSTEM_CHANGED);
export const deleteService = (id: number) =>
  runMutation(() => apiRequest('DELETE', SYSTEM_PATHS.service(id), DeleteResponseSchema), SYSTEM_CHANGED);

export const createDomain = (body: CreateDomainBody) =>
  runMutation(() => apiRequest('POST', SYSTEM_PATHS.domains, DomainResponseSchema, body), SYSTEM_CHANGED);
export const updateDomain = (id: number, body: UpdateDomainBody) =>
  runMutation(() => apiRequest('PUT', SYSTEM_PATHS.domain(id), DomainResponseSchema, body), SYSTEM_CHANGED);
export const deleteDomain = (id: number) =>
  runMutation(() => apiRequest('DELETE', SYSTEM_PATHS.domain(id), DeleteResponseSchema), SYSTEM_CHANGED);

export const LOG_PAGE_SIZE = 20;

export const fetchClientErrors = (page: number) =>
  apiRequest(
    'GET',
    `${SYSTEM_PATHS.clientErrors}?page=${page}&limit=${LOG_PAGE_SIZE}`,
    ClientErrorListResponseSchema,
  );
export const fetchModerationLog = (page: number) =>
  apiRequest(
    'GET',
    `${MODERATION_PATHS.log}?page=${page}&limit=${LOG_PAGE_SIZE}`,
    ModerationLogResponseSchema,
  );

/** Refetches a list now (a Refresh button); resolves to whether the answer came back. */
export async function refreshQuery(key: QueryKey): Promise<boolean> {
  await queryCache.fetch(key);
  return queryCache.getState(key).status === 'success';
}
