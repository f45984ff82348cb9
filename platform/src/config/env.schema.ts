import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const seconds = z.coerce.number().int().positive();
const count = z.coerce.number().int().positive();
const millis = z.coerce.number().int().min(10);

/** Express's names for address ranges, or an IP address with an optional /prefix. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const S3_REQUIRED = [
  'WARRAQ_S3_ENDPOINT',
  'WARRAQ_S3_BUCKET',
  'WARRAQ_S3_ACCESS_KEY_ID',
  'WARRAQ_S3_SECRET_ACCESS_KEY',
] as const;

/** Every environment variable the platform reads, with the defaults for local development. */
const EnvFields = z.object({
  WARRAQ_ENV: z.enum(['development', 'test', 'production']).default('development'),
  WARRAQ_BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a bare host name such as warraq.localhost')
    .default('warraq.localhost'),
  WARRAQ_PLATFORM_PORT: port.default(3001),
  /**
   * The only `host:port` pairs a registered service's URL may be probed at (`*.example.com:443` for
   * every subdomain), comma-separated; anything else is never dialled. Default: the base domain and
   * its subdomains on ports 80 and 443.
   */
  WARRAQ_PROBE_ALLOWED_TARGETS: z
    .string()
    .trim()
    .regex(
      /^(\*\.)?[a-z0-9.-]+:\d{1,5}(\s*,\s*(\*\.)?[a-z0-9.-]+:\d{1,5})*$/i,
      'must be host:port pairs such as *.example.com:443, comma-separated',
    )
    .optional(),
  WARRAQ_PLATFORM_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Who may tell the platform the client's address (X-Forwarded-For): the edge and the site, as
   * addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated. Anyone else's header is
   * ignored and their own address counts. Production lists its edge and site hosts (production.conf).
   */
  WARRAQ_TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.length > 0 && entries.every(isProxyAddress), {
      message: 'must list addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated',
    }),
  WARRAQ_PUBLIC_PROTOCOL: z.enum(['http', 'https']).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/warraq'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379/0'),
  WARRAQ_REDIS_PREFIX: z.string().min(1).default('warraq:'),
  WARRAQ_SESSION_IDLE_SECONDS: seconds.default(7 * 24 * 3600),
  WARRAQ_SESSION_ABSOLUTE_SECONDS: seconds.default(30 * 24 * 3600),
  WARRAQ_LOGIN_MAX_FAILURES_PER_IP: count.default(20),
  /** Open /ws sockets one session, and one client address, may hold on one platform process. */
  WARRAQ_WS_MAX_PER_SESSION: count.default(8),
  WARRAQ_WS_MAX_PER_ADDRESS: count.default(32),
  WARRAQ_LOGIN_MAX_FAILURES_PER_ACCOUNT: count.default(5),
  WARRAQ_LOGIN_FAILURE_WINDOW_SECONDS: seconds.default(15 * 60),
  WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR: count.default(10),
  WARRAQ_BUILD_VERSION: z.string().min(1).optional(),
  WARRAQ_INSTANCE_ID: z.string().min(1).optional(),
  WARRAQ_LOG_SQL: z.stringbool().default(false),
  /** Root of the platform's own files; media live under `<dir>/media`. */
  WARRAQ_DATA_DIR: z.string().min(1).default('.data'),
  /** Where media are kept: the local disk under the data directory, or an S3-compatible bucket. */
  WARRAQ_MEDIA_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Origin that media URLs point at (a cdn host, e.g. http://cdn.warraq.localhost:8080); empty = same-origin. */
  WARRAQ_MEDIA_BASE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .refine((value) => value === '' || !/[?#]/.test(value), 'must be a URL without ? or #')
    .default(''),
  WARRAQ_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  WARRAQ_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  WARRAQ_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (lowercase, dots, dashes)')
    .optional(),
  WARRAQ_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  WARRAQ_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO and most self-hosted stores). */
  WARRAQ_S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Folder of the bucket the media keys live under, e.g. `media/`; empty = the bucket's root. */
  WARRAQ_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be folder names each followed by /, such as media/')
    .default(''),
  WARRAQ_S3_TIMEOUT_SECONDS: seconds.default(30),
  /** How long a worker holds an ingest job without renewing its lock before another may take it. */
  WARRAQ_INGEST_LOCK_MS: millis.default(60_000),
  /** How often workers look for jobs whose worker died (lock expired) and hand them back. */
  WARRAQ_INGEST_STALLED_INTERVAL_MS: millis.default(30_000),
  WARRAQ_INGEST_ATTEMPTS: count.default(3),
  WARRAQ_INGEST_BACKOFF_MS: millis.default(10_000),
  /**
   * How long after its chapter is published the AVIF job waits before it may run: an uploader's burst
   * of chapters goes through first, and the job then gives way to any upload between encodes.
   */
  WARRAQ_AVIF_DELAY_MS: millis.default(120_000),
  /** How often the worker re-enqueues uploads Postgres calls queued but the queue has lost. */
  WARRAQ_INGEST_RECONCILE_MS: millis.default(30_000),
  /** On SIGTERM, how long the running chapter may take to finish before it is handed back. */
  WARRAQ_INGEST_SHUTDOWN_GRACE_MS: millis.default(20_000),
  /** Uploads still receiving files after this long are abandoned and purged with their files. */
  WARRAQ_INGEST_ABANDON_HOURS: count.default(24),
  /** The media garbage collector deletes unreferenced objects only once they are older than this. */
  WARRAQ_MEDIA_GC_GRACE_HOURS: count.default(24),
  /** Unfinished (receiving) uploads one user may hold at once. */
  WARRAQ_INGEST_MAX_OPEN_UPLOADS: count.default(3),
});

/** Every variable, and the rules that tie some of them together. */
export const EnvSchema = EnvFields.superRefine((env, ctx) => {
  if (env.WARRAQ_MEDIA_DRIVER !== 's3') return;
  for (const name of S3_REQUIRED) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when WARRAQ_MEDIA_DRIVER=s3' });
  }
});
export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['WARRAQ_ENV'];
  isProduction: boolean;
  baseDomain: string;
  http: { host: string; port: number; publicProtocol: 'http' | 'https'; trustedProxies: string[] };
  databaseUrl: string;
  redis: { url: string; prefix: string };
  session: { cookieName: string; idleSeconds: number; absoluteSeconds: number; secureCookie: boolean };
  throttle: {
    loginFailuresPerIp: number;
    loginFailuresPerAccount: number;
    loginWindowSeconds: number;
    registrationsPerIpPerHour: number;
  };
  realtime: { maxSocketsPerSession: number; maxSocketsPerAddress: number };
  /** `host:port` pairs (lower case; a host may start with `*.`) that service probes may dial. */
  probeAllowedTargets: string[];
  version: string;
  instanceId: string;
  logSql: boolean;
  /** Absolute directory of the local-disk media store. */
  mediaDir: string;
  /** Which store holds media (the local one lives in mediaDir). */
  mediaStore: { driver: 'local' } | { driver: 's3'; s3: S3MediaSettings };
  /** Origin media URLs point at, without a trailing slash; '' keeps them same-origin (`/media/<key>`). */
  mediaBaseUrl: string;
  /** An unreferenced media object is swept only once its last write is older than this. */
  mediaGcGraceMs: number;
  ingest: IngestConfig;
}

export interface IngestConfig {
  /** Absolute directory of uploads in progress: `<dir>/<uploadId>/{originals,work}`. */
  dir: string;
  lockMs: number;
  stalledIntervalMs: number;
  attempts: number;
  backoffMs: number;
  avifDelayMs: number;
  reconcileMs: number;
  shutdownGraceMs: number;
  abandonAfterMs: number;
  maxOpenUploads: number;
}

export interface S3MediaSettings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or folder names each followed by '/'. */
  prefix: string;
  timeoutMs: number;
}

export const SESSION_COOKIE_NAME = 'warraq_sid';

export function toAppConfig(env: Env, packageVersion: string): AppConfig {
  const isProduction = env.WARRAQ_ENV === 'production';
  return {
    env: env.WARRAQ_ENV,
    isProduction,
    baseDomain: env.WARRAQ_BASE_DOMAIN,
    http: {
      host: env.WARRAQ_PLATFORM_HOST,
      port: env.WARRAQ_PLATFORM_PORT,
      publicProtocol: env.WARRAQ_PUBLIC_PROTOCOL ?? (isProduction ? 'https' : 'http'),
      trustedProxies: env.WARRAQ_TRUSTED_PROXIES,
    },
    databaseUrl: env.DATABASE_URL,
    redis: { url: env.REDIS_URL, prefix: env.WARRAQ_REDIS_PREFIX },
    session: {
      cookieName: SESSION_COOKIE_NAME,
      idleSeconds: env.WARRAQ_SESSION_IDLE_SECONDS,
      absoluteSeconds: Math.max(env.WARRAQ_SESSION_ABSOLUTE_SECONDS, env.WARRAQ_SESSION_IDLE_SECONDS),
      secureCookie: isProduction,
    },
    throttle: {
      loginFailuresPerIp: env.WARRAQ_LOGIN_MAX_FAILURES_PER_IP,
      loginFailuresPerAccount: env.WARRAQ_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginWindowSeconds: env.WARRAQ_LOGIN_FAILURE_WINDOW_SECONDS,
      registrationsPerIpPerHour: env.WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR,
    },
    probeAllowedTargets: (
      env.WARRAQ_PROBE_ALLOWED_TARGETS ??
      ['', '*.'].flatMap((sub) => [80, 443].map((p) => `${sub}${env.WARRAQ_BASE_DOMAIN}:${p}`)).join(',')
    )
      .split(',')
      .map((entry) => entry.trim().toLowerCase()),
    realtime: {
      maxSocketsPerSession: env.WARRAQ_WS_MAX_PER_SESSION,
      maxSocketsPerAddress: env.WARRAQ_WS_MAX_PER_ADDRESS,
    },
    version: env.WARRAQ_BUILD_VERSION ?? packageVersion,
    instanceId: env.WARRAQ_INSTANCE_ID ?? `${hostname()}:${process.pid}`,
    logSql: env.WARRAQ_LOG_SQL,
    mediaDir: resolve(env.WARRAQ_DATA_DIR, 'media'),
    mediaStore:
      env.WARRAQ_MEDIA_DRIVER === 's3' ? { driver: 's3', s3: s3Settings(env) } : { driver: 'local' },
    mediaBaseUrl: env.WARRAQ_MEDIA_BASE_URL.replace(/\/+$/, ''),
    mediaGcGraceMs: env.WARRAQ_MEDIA_GC_GRACE_HOURS * 3600 * 1000,
    ingest: {
      dir: resolve(env.WARRAQ_DATA_DIR, 'ingest'),
      lockMs: env.WARRAQ_INGEST_LOCK_MS,
      stalledIntervalMs: env.WARRAQ_INGEST_STALLED_INTERVAL_MS,
      attempts: env.WARRAQ_INGEST_ATTEMPTS,
      backoffMs: env.WARRAQ_INGEST_BACKOFF_MS,
      avifDelayMs: env.WARRAQ_AVIF_DELAY_MS,
      reconcileMs: env.WARRAQ_INGEST_RECONCILE_MS,
      shutdownGraceMs: env.WARRAQ_INGEST_SHUTDOWN_GRACE_MS,
      abandonAfterMs: env.WARRAQ_INGEST_ABANDON_HOURS * 3600 * 1000,
      maxOpenUploads: env.WARRAQ_INGEST_MAX_OPEN_UPLOADS,
    },
  };
}

/** Only called for the s3 driver, whose required variables the schema has already checked. */
function s3Settings(env: Env): S3MediaSettings {
  return {
    endpoint: env.WARRAQ_S3_ENDPOINT!,
    region: env.WARRAQ_S3_REGION,
    bucket: env.WARRAQ_S3_BUCKET!,
    accessKeyId: env.WARRAQ_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.WARRAQ_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.WARRAQ_S3_FORCE_PATH_STYLE,
    prefix: env.WARRAQ_S3_PREFIX,
    timeoutMs: env.WARRAQ_S3_TIMEOUT_SECONDS * 1000,
  };
}
