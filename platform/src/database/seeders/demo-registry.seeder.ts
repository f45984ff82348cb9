import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceType } from '@warraq/contracts';

interface DemoService {
  /** Stable key of the entry: the name earlier seeds gave it, which a seeded database may still hold. */
  key: string;
  /** The name the dashboard shows: Arabic like the rest of the interface (issue 15). */
  name: string;
  type: ServiceType;
  /** Subdomain of the base domain ('' for the base domain itself) and the path the probe asks for. */
  sub: string;
  path: string;
}

// The local stack's own parts, registered so the dashboard probes something real out of the box.
const CORE_API: DemoService = {
  key: 'Core API',
  name: 'واجهة المنصة البرمجية',
  type: 'core',
  sub: '',
  path: '/api/system/ping',
};
const MANGA_SITE: DemoService = {
  key: 'Manga site',
  name: 'موقع المانجا',
  type: 'manga',
  sub: 'manga',
  path: '/',
};
const NOVEL_SITE: DemoService = {
  key: 'Novel site',
  name: 'موقع الروايات',
  type: 'novel',
  sub: 'novel',
  path: '/',
};
const MEDIA_CDN: DemoService = {
  key: 'Media CDN',
  name: 'شبكة توزيع الوسائط',
  type: 'cdn',
  sub: 'cdn',
  path: '/healthz',
};
const DEMO_SERVICES = [CORE_API, MANGA_SITE, NOVEL_SITE, MEDIA_CDN];
/** Subdomains and the service that serves each. */
const DEMO_DOMAINS: { sub: string; service: DemoService }[] = [
  { sub: 'manga', service: MANGA_SITE },
  { sub: 'novel', service: NOVEL_SITE },
  { sub: 'dashboard', service: CORE_API },
  { sub: 'admin', service: CORE_API },
  { sub: 'cdn', service: MEDIA_CDN },
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
    // A database seeded before the names were Arabic holds the entry under its key: rename it in
    // place (its id, domains and probe history stay), unless an admin already took the new name.
    await db.execute(
      `update service set name = ? where lower(name) = lower(?)
       and not exists (select 1 from service where lower(name) = lower(?))`,
      [s.name, s.key, s.name],
    );
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
      [host(d.sub), d.service.name],
    );
    domains += rows.length;
  }
  return { services, domains };
}
