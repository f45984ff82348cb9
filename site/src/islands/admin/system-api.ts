import {
  MODERATION_ROUTES,
  SYSTEM_ROUTES,
  type CreateDomainBody,
  type CreateServiceBody,
  type UpdateDomainBody,
  type UpdateServiceBody,
} from '@warraq/contracts';
import { api } from '@/lib/api/client';
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
export const fetchServices = () => api(SYSTEM_ROUTES.services);

export const createService = (body: CreateServiceBody) =>
  runMutation(() => api(SYSTEM_ROUTES.createService, { body }), SYSTEM_CHANGED);
export const updateService = (id: number, body: UpdateServiceBody) =>
  runMutation(() => api(SYSTEM_ROUTES.updateService, { params: { id }, body }), SYSTEM_CHANGED);
export const deleteService = (id: number) =>
  runMutation(() => api(SYSTEM_ROUTES.deleteService, { params: { id } }), SYSTEM_CHANGED);

export const createDomain = (body: CreateDomainBody) =>
  runMutation(() => api(SYSTEM_ROUTES.createDomain, { body }), SYSTEM_CHANGED);
export const updateDomain = (id: number, body: UpdateDomainBody) =>
  runMutation(() => api(SYSTEM_ROUTES.updateDomain, { params: { id }, body }), SYSTEM_CHANGED);
export const deleteDomain = (id: number) =>
  runMutation(() => api(SYSTEM_ROUTES.deleteDomain, { params: { id } }), SYSTEM_CHANGED);

export const LOG_PAGE_SIZE = 20;

export const fetchClientErrors = (page: number) =>
  api(SYSTEM_ROUTES.clientErrors, { query: { page, limit: LOG_PAGE_SIZE } });
export const fetchModerationLog = (page: number) =>
  api(MODERATION_ROUTES.log, { query: { page, limit: LOG_PAGE_SIZE } });

/** Refetches a list now (a Refresh button); resolves to whether the answer came back. */
export async function refreshQuery(key: QueryKey): Promise<boolean> {
  await queryCache.fetch(key);
  return queryCache.getState(key).status === 'success';
}
