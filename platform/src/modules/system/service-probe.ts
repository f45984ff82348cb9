import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type HealthState, SYSTEM_LIMITS, arabicNumber } from '@warraq/contracts';

export interface ProbeResult {
  status: HealthState;
  latencyMs: number | null;
  detail: string | null;
}

/**
 * Where a probe of `url` connects. `*.localhost` names resolve to this machine in browsers but not
 * always through the system resolver, so they are dialled on loopback with the name as Host header.
 */
export function probeTarget(url: URL): { connectHost: string; hostHeader: string } {
  const hostname = url.hostname.toLowerCase();
  const isLocal = hostname === 'localhost' || hostname.endsWith('.localhost');
  return { connectHost: isLocal ? '127.0.0.1' : hostname.replace(/^\[|\]$/g, ''), hostHeader: url.host };
}

/** Why a service was not dialled: its host and port are not on WARRAQ_PROBE_ALLOWED_TARGETS. */
export const PROBE_NOT_ALLOWED = 'ليست في قائمة الفحص المسموح بها';

/**
 * Whether a probe may dial `rawUrl`: its host and port (the scheme's default when none is written)
 * match one of the allowed `host:port` pairs, where `*.example.com` stands for every subdomain.
 */
export function isProbeAllowed(rawUrl: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.some((entry) => {
    const at = entry.lastIndexOf(':');
    const [pattern, allowedPort] = [entry.slice(0, at), entry.slice(at + 1)];
    if (allowedPort !== port) return false;
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/**
 * A status and its time as the health panel reads it: healthy only on a success (2xx) answered in
 * time. Anything else that answered — a redirect not followed, 4xx, 5xx — or a slow success is
 * degraded; no answer at all (refused, timed out) is unknown.
 */
export function judgeAnswer(statusCode: number, latencyMs: number): ProbeResult {
  const slow = latencyMs > SYSTEM_LIMITS.probeSlowMs;
  const success = statusCode >= 200 && statusCode < 300;
  return {
    status: success && !slow ? 'healthy' : 'degraded',
    latencyMs,
    detail: `الاستجابة ${arabicNumber(statusCode)}${slow ? '، بطيئة' : ''}`,
  };
}

/**
 * One GET of a registered service's URL (no redirects followed, the body discarded), given up after
 * the probe timeout. Never throws: what went wrong becomes the detail of an unknown result.
 */
export function probeService(
  rawUrl: string,
  timeoutMs: number = SYSTEM_LIMITS.probeTimeoutMs,
): Promise<ProbeResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ status: 'unknown', latencyMs: null, detail: 'رابط غير صالح' });
  }
  const { connectHost, hostHeader } = probeTarget(url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = send(
      {
        host: connectHost,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { Host: hostHeader, 'User-Agent': 'warraq-health-probe', Accept: '*/*' },
        servername: url.hostname,
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        resolve(judgeAnswer(res.statusCode ?? 0, Math.round(performance.now() - started)));
      },
    );
    let timedOut = false;
    req.on('timeout', () => {
      timedOut = true;
      req.destroy();
    });
    // Admins read the detail in Arabic; the system's error code stays as the one technical word.
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        status: 'unknown',
        latencyMs: null,
        detail: timedOut
          ? `لا استجابة خلال ${arabicNumber(timeoutMs)} ملّي ثانية`
          : `تعذّر الاتصال${error.code ? ` (${error.code})` : ''}`,
      }),
    );
    req.end();
  });
}
