import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceType } from '@warraq/contracts';

interface DemoService {
  name: string;
  type: ServiceType;
  /** Subdomain of the base domain ('' for the base domain itself) and the path the probe asks for. */
  sub: string;
  path: string;
}

/** The local stack's own parts, registered so the dashboard probes something real out of the box. */
const DEMO_SERVICES: DemoService[] = [
  { name: 'Core API', type: 'core', sub: '', path: '/api/system/ping' },
  { name: 'Manga site', type: 'manga', sub: 'manga', path: '/' },
  { name: 'Novel site', type: 'novel', sub: 'novel', path: '/' },
  { name: 'Media CDN', type: 'cdn', sub: 'cdn', path: '/healthz' },
];
/** Subdomains and the service that serves each. */
const DEMO_DOMAINS: { sub: string; service: string }[] = [
  { sub: 'manga', service: 'Manga site' },
  { sub: 'novel', service: 'Novel site' },
  { sub: 'dashboard', service: 'Core API' },
  { sub: 'admin', service: 'Core API' },
  { sub: 'cdn', service: 'Media CDN' },
];

/**
 * Adds the demo services and subdomains that are missing (by name); what admins changed is left
 * alone. `edgePort` is where the local edge listens, so the probes reach the running stack.
 */
export async function seedDemoRegistry(
  em: EntityManager,
  baseDomain: string,
  edgePort: number,
): Promise<{ services: number; domains: number }> {
  const db = em.getConnection();
  const port = edgePort === 80 ? '' : `:${edgePort}`;
  const host = (sub: string) => (sub ? `${sub}.${baseDomain}` : baseDomain);
  let services = 0;
  for (const s of DEMO_SERVICES) {
    const rows = await db.execute<{ id: number }[]>(
      `insert into service (name, type, status, url) values (?, ?, 'active', ?)
       on conflict (lower(name)) do nothing returning id`,
      [s.name, s.type, `http://${host(s.sub)}${port}${s.path}`],
    );
    services += rows.length;
  }
  let domains = 0;
  for (const d of DEMO_DOMAINS) {
    const rows = await db.execute<{ id: number }[]>(
      `insert into domain (name, service_id, ssl_status, status)
       values (?, (select id from service where lower(name) = lower(?)), 'valid', 'active')
       on conflict (name) do nothing returning id`,
      [host(d.sub), d.service],
    );
    domains += rows.length;
  }
  return { services, domains };
}
