import { MODERATION_ROUTES, SYSTEM_ROUTES } from '@warraq/contracts';
import { api } from '@/lib/api/client';

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

export const fetchStats = () => api(SYSTEM_ROUTES.stats);
export const fetchHealth = () => api(SYSTEM_ROUTES.health);
export const fetchVersion = () => api(SYSTEM_ROUTES.version);
export const fetchDomains = () => api(SYSTEM_ROUTES.domains);
export const fetchPending = () => api(MODERATION_ROUTES.pendingCount);
