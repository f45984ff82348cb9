import path from 'node:path';
import { ROOT } from './run.mjs';

/** Local run configuration; every value can be overridden from the environment. */
export function localConfig(overrides = {}) {
  const env = { ...process.env, ...overrides };
  const dataDir = path.resolve(ROOT, env.WARRAQ_DATA_DIR ?? '.data');
  const platformPorts = (env.WARRAQ_PLATFORM_PORTS ?? env.WARRAQ_PLATFORM_PORT ?? '3001')
    .split(',')
    .map((p) => Number(p.trim()));
  return {
    env: env.WARRAQ_ENV ?? 'development',
    baseDomain: env.WARRAQ_BASE_DOMAIN ?? 'warraq.localhost',
    edgePort: Number(env.WARRAQ_EDGE_PORT ?? 8080),
    // A second port where the edge speaks TLS and HTTP/2 as production does (self-signed), when set:
    // the browser benches measure the protocol readers get.
    edgeTlsPort: env.WARRAQ_EDGE_TLS_PORT ? Number(env.WARRAQ_EDGE_TLS_PORT) : null,
    platformPorts,
    sitePort: Number(env.WARRAQ_SITE_PORT ?? 4321),
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/warraq',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    redisPrefix: env.WARRAQ_REDIS_PREFIX ?? 'warraq:',
    dataDir,
    // Same-origin /media/<key> unless set (e.g. to http://cdn.warraq.localhost:8080, see mediaHost).
    mediaBaseUrl: env.WARRAQ_MEDIA_BASE_URL ?? '',
  };
}

/** The local edge's media-only host: /media/<key> GET/HEAD, 404 for everything else. */
export function mediaHost(config) {
  return `cdn.${config.baseDomain}`;
}

/** The environment every Warraq process of one local stack shares. */
export function stackEnv(config) {
  return {
    WARRAQ_ENV: config.env,
    // The stack always runs the built code, so its libraries run their production builds (React's
    // server renderer among them) in every environment. What differs locally (plain http, cookie
    // flags, demo data) hangs on WARRAQ_ENV alone; nothing in Warraq reads NODE_ENV.
    NODE_ENV: 'production',
    WARRAQ_BASE_DOMAIN: config.baseDomain,
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    WARRAQ_REDIS_PREFIX: config.redisPrefix,
    WARRAQ_DATA_DIR: config.dataDir,
    WARRAQ_MEDIA_BASE_URL: config.mediaBaseUrl,
    // The demo services the seed registers are probed through the edge, and only there.
    WARRAQ_EDGE_PORT: String(config.edgePort),
    WARRAQ_PROBE_ALLOWED_TARGETS: [config.baseDomain, `*.${config.baseDomain}`, '127.0.0.1', 'localhost']
      .map((host) => `${host}:${config.edgePort}`)
      .join(','),
    WARRAQ_PLATFORM_INTERNAL_URL: `http://127.0.0.1:${config.platformPorts[0]}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    TURBO_TELEMETRY_DISABLED: '1',
  };
}

export function siteAddresses(config) {
  const port = config.edgePort === 80 ? '' : `:${config.edgePort}`;
  const at = (sub) => `http://${sub ? `${sub}.` : ''}${config.baseDomain}${port}`;
  return {
    main: at(''),
    manga: at('manga'),
    novel: at('novel'),
    dashboard: at('dashboard'),
    admin: at('admin'),
    // Serves /media/<key> only; media URLs point here when WARRAQ_MEDIA_BASE_URL says so.
    cdn: `${at('cdn')}/media/…`,
  };
}
