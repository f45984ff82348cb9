/**
 * Spec §4 "Connection status" and §9: after a close the socket reconnects after 1 s, doubling up to
 * 30 s, at most 5 attempts; a check runs every 5 s; a ping goes out every 30 s.
 */
export interface ReconnectPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  checkIntervalMs: number;
  pingIntervalMs: number;
}

export const RECONNECT_POLICY: ReconnectPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxAttempts: 5,
  checkIntervalMs: 5_000,
  pingIntervalMs: 30_000,
};

/**
 * How long to wait before reconnect attempt `attempt` (1 for the first after a close), or null once
 * the attempts are spent and only a visible tab or a manual reconnect may try again.
 */
export function reconnectDelay(attempt: number, policy: ReconnectPolicy = RECONNECT_POLICY): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > policy.maxAttempts) return null;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

/**
 * The `/ws` address on the page's own host: wss:// under https, ws:// otherwise. A site named by
 * `?subdomain=` (spec §1 site context) names itself to the socket the same way.
 */
export function socketUrl(location: { protocol: string; host: string; search: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const subdomain = new URLSearchParams(location.search).get('subdomain');
  const query = subdomain ? `?${new URLSearchParams({ subdomain }).toString()}` : '';
  return `${scheme}//${location.host}/ws${query}`;
}
