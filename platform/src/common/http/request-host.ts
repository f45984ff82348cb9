import type { IncomingHttpHeaders } from 'node:http';
import { hostnameOf } from '@warraq/contracts';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  const first = raw?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/** Same rule as Express `trust proxy = 'loopback'`: forwarded headers count only from a loopback peer. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.');
}

/** The host the client asked for (hostname[:port]): X-Forwarded-Host from the local proxy, else Host. */
export function requestHost(headers: IncomingHttpHeaders, remoteAddress: string | undefined): string {
  const forwarded = isLoopbackAddress(remoteAddress) ? firstHeader(headers['x-forwarded-host']) : undefined;
  return (forwarded ?? firstHeader(headers.host) ?? '').toLowerCase();
}

/** True when `hostname` is the base domain or one of its subdomains. */
export function isWithinBaseDomain(hostname: string, baseDomain: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  return h === base || h.endsWith(`.${base}`);
}

/**
 * Whether a browser's Origin may act on this API: the base domain, a subdomain of it, or exactly the
 * host the request was sent to. A missing Origin (non-browser clients) is allowed by the caller.
 */
export function isTrustedOrigin(origin: string, ownHost: string, baseDomain: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (isWithinBaseDomain(url.hostname, baseDomain)) return true;
  return ownHost !== '' && url.host.toLowerCase() === ownHost.toLowerCase();
}

/** The Origin/Sec-Fetch-Site verdict shared by the HTTP middleware and the WebSocket gateway. */
export function isForeignRequest(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  baseDomain: string,
): boolean {
  if (firstHeader(headers['sec-fetch-site'])?.toLowerCase() === 'cross-site') return true;
  const origin = firstHeader(headers.origin);
  if (origin === undefined) return false;
  return !isTrustedOrigin(origin, requestHost(headers, remoteAddress), baseDomain);
}

export { hostnameOf };
