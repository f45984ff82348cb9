import { BlockList, isIP } from 'node:net';

/** Express's names for address ranges (`trust proxy`), as subnets. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The same rule as Express's `trust proxy` (app.setup.ts) for connections Express does not see, such as
 * `/ws` upgrades: the client is the connection's peer, unless the peer is a trusted proxy, whose
 * X-Forwarded-For is then read from the right, skipping further trusted hops.
 */
export function trustedProxyMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [network, prefix, family] of NAMED_RANGES[entry] ?? [])
      list.addSubnet(network, prefix, family);
    if (NAMED_RANGES[entry]) continue;
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  isTrusted: (address: string) => boolean,
): string {
  let client = plain(peer ?? '');
  if (!client || !isTrusted(client)) return client || 'unknown';
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  while (hops.length > 0 && isTrusted(client)) client = hops.pop()!;
  return client;
}
