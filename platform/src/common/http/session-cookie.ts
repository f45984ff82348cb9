import { serialize, type SerializeOptions } from 'cookie';
import { hostnameOf } from '@warraq/contracts';
import { isWithinBaseDomain } from './request-host';

export interface SessionCookieSettings {
  name: string;
  baseDomain: string;
  maxAgeSeconds: number;
  secure: boolean;
}

/**
 * Attributes of the session cookie for a request sent to `host`: Domain is the base domain only when
 * the host is inside it (so one sign-in spans manga./novel./dashboard.); loopback hosts get none.
 */
export function sessionCookieOptions(host: string, settings: SessionCookieSettings): SerializeOptions {
  const hostname = hostnameOf(host);
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: settings.secure,
    maxAge: settings.maxAgeSeconds,
    ...(isWithinBaseDomain(hostname, settings.baseDomain) ? { domain: settings.baseDomain } : {}),
  };
}

export function serializeSessionCookie(value: string, host: string, settings: SessionCookieSettings): string {
  return serialize(settings.name, value, sessionCookieOptions(host, settings));
}

export function serializeClearedSessionCookie(host: string, settings: SessionCookieSettings): string {
  return serialize(settings.name, '', {
    ...sessionCookieOptions(host, settings),
    maxAge: 0,
    expires: new Date(0),
  });
}
