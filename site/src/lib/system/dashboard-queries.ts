import {
  DomainListResponseSchema,
  HealthResponseSchema,
  MODERATION_PATHS,
  PendingCountResponseSchema,
  SYSTEM_PATHS,
  SystemStatsResponseSchema,
} from '@warraq/contracts';
import { apiRequest } from '@/lib/api/client';
import { VersionResponseSchema } from '@/lib/api/system';

/**
 * The dashboard's queries: one cache key each, shared with the other admin screens (a services or
 * content mutation elsewhere invalidates `['system']` / `['moderation']` and the cards follow).
 */
export const DASHBOARD_KEYS = {
  stats: ['system', 'stats'],
  health: ['system', 'health'],
  version: ['system', 'version'],
  domains: ['system', 'domains'],
  openapi: ['system', 'openapi'],
  pending: ['moderation', 'pending-count'],
} as const;

/** What Refresh Data reloads: health, stats, the system lists and the content lists (spec §2). */
export const REFRESH_PREFIXES = [['system'], ['moderation'], ['content']] as const;

export const fetchStats = () => apiRequest('GET', SYSTEM_PATHS.stats, SystemStatsResponseSchema);
export const fetchHealth = () => apiRequest('GET', SYSTEM_PATHS.health, HealthResponseSchema);
export const fetchVersion = () => apiRequest('GET', SYSTEM_PATHS.version, VersionResponseSchema);
export const fetchDomains = () => apiRequest('GET', SYSTEM_PATHS.domains, DomainListResponseSchema);
export const fetchPending = () =>
  apiRequest('GET', MODERATION_PATHS.pendingCount, PendingCountResponseSchema);
