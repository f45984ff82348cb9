import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const seconds = z.coerce.number().int().positive();
const count = z.coerce.number().int().positive();

/** Every environment variable the platform reads, with the defaults for local development. */
export const EnvSchema = z.object({
  WARRAQ_ENV: z.enum(['development', 'test', 'production']).default('development'),
  WARRAQ_BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a bare host name such as warraq.localhost')
    .default('warraq.localhost'),
  WARRAQ_PLATFORM_PORT: port.default(3001),
  WARRAQ_PLATFORM_HOST: z.string().min(1).default('127.0.0.1'),
  WARRAQ_PUBLIC_PROTOCOL: z.enum(['http', 'https']).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/warraq'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379/0'),
  WARRAQ_REDIS_PREFIX: z.string().min(1).default('warraq:'),
  WARRAQ_SESSION_IDLE_SECONDS: seconds.default(7 * 24 * 3600),
  WARRAQ_SESSION_ABSOLUTE_SECONDS: seconds.default(30 * 24 * 3600),
  WARRAQ_LOGIN_MAX_FAILURES_PER_IP: count.default(20),
  WARRAQ_LOGIN_MAX_FAILURES_PER_ACCOUNT: count.default(5),
  WARRAQ_LOGIN_FAILURE_WINDOW_SECONDS: seconds.default(15 * 60),
  WARRAQ_REGISTER_MAX_PER_IP_PER_HOUR: count.default(10),
  WARRAQ_BUILD_VERSION: z.string().min(1).optional(),
  WARRAQ_INSTANCE_ID: z.string().min(1).optional(),
  WARRAQ_LOG_SQL: z.stringbool().default(false),
  /** Root of the platform's own files; media live under `<dir>/media`. */
  WARRAQ_DATA_DIR: z.string().min(1).default('.data'),
});
export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['WARRAQ_ENV'];
  isProduction: boolean;
  baseDomain: string;
  http: { host: string; port: number; publicProtocol: 'http' | 'https' };
  databaseUrl: string;
  redis: { url: string; prefix: string };
  session: { cookieName: string; idleSeconds: number; absoluteSeconds: number; secureCookie: boolean };
  throttle: {
    loginFailuresPerIp: number;
    loginFailuresPerAccount: number;
    loginWindowSeconds: number;
    registrationsPerIpPerHour: number;
  };
  version: string;
  instanceId: string;
  logSql: boolean;
  /** Absolute directory of the local-disk media store. */
  mediaDir: string;
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
    version: env.WARRAQ_BUILD_VERSION ?? packageVersion,
    instanceId: env.WARRAQ_INSTANCE_ID ?? `${hostname()}:${process.pid}`,
    logSql: env.WARRAQ_LOG_SQL,
    mediaDir: resolve(env.WARRAQ_DATA_DIR, 'media'),
  };
}
