/** Whether an origin is one of ours: the current origin, the base domain, or a host under it. */
export function isOwnOrigin(origin: string, currentOrigin: string, baseDomain: string): boolean {
  if (origin === currentOrigin) return true;
  try {
    const { hostname } = new URL(origin);
    const base = baseDomain.toLowerCase();
    return hostname === base || hostname.endsWith(`.${base}`);
  } catch {
    return false;
  }
}
