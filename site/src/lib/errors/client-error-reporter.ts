import { CLIENT_ERRORS_PATH, SYSTEM_LIMITS, type ClientErrorSource } from '@warraq/contracts/browser';
import type { ClientErrorReportBody } from '@warraq/contracts';

/** Reports sent per page load at most: a page stuck in an error loop must not flood the endpoint. */
export const MAX_REPORTS_PER_PAGE = 5;

/** Cross-origin scripts' errors carry only this text: nothing to act on. */
const OPAQUE_MESSAGE = 'Script error.';

export interface ReporterOptions {
  /** Delivers one report; its failures are swallowed (they are never reported in turn). */
  send: (body: ClientErrorReportBody) => Promise<unknown>;
  /** The page's address now (only the path and query are sent). */
  location: () => { pathname: string; search: string };
  maxReports?: number;
}

/** What was thrown, as a message and a stack (anything may be thrown or rejected with). */
export function describeThrown(thrown: unknown): { message: string; stack: string | undefined } {
  if (thrown instanceof Error) {
    const message = thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
    return { message, stack: typeof thrown.stack === 'string' ? thrown.stack : undefined };
  }
  if (typeof thrown === 'string') return { message: thrown, stack: undefined };
  let message: string;
  try {
    message = JSON.stringify(thrown) ?? String(thrown);
  } catch {
    message = Object.prototype.toString.call(thrown);
  }
  return { message, stack: undefined };
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/**
 * The report body within the contract's limits: message and stack cut to their lengths, and the
 * stack shortened further until the JSON fits the endpoint's byte cap (Arabic text takes two bytes
 * a character, so a stack of the maximum length can be over it).
 */
export function buildReport(
  source: ClientErrorSource,
  thrown: { message: string; stack: string | undefined },
  location: { pathname: string; search: string },
): ClientErrorReportBody {
  const message = thrown.message.trim().slice(0, SYSTEM_LIMITS.clientErrorMessageMax);
  const url = `${location.pathname}${location.search}`.slice(0, 2000);
  const body: ClientErrorReportBody = { message, url, source };
  let stack = thrown.stack?.slice(0, SYSTEM_LIMITS.clientErrorStackMax);
  while (stack) {
    const size = byteLength(JSON.stringify({ ...body, stack }));
    if (size <= SYSTEM_LIMITS.clientErrorBodyMax) break;
    // Cut by the excess (at least a character per byte over), then check again.
    stack = stack.slice(0, Math.max(0, stack.length - (size - SYSTEM_LIMITS.clientErrorBodyMax)));
  }
  return stack ? { ...body, stack } : body;
}

/**
 * The page's reporter: each distinct message is sent once, at most {@link MAX_REPORTS_PER_PAGE}
 * reports a page load, and nothing it does can throw or report itself (a failed send is dropped).
 * Returns whether the report was sent.
 */
export function createErrorReporter({
  send,
  location,
  maxReports = MAX_REPORTS_PER_PAGE,
}: ReporterOptions): (source: ClientErrorSource, thrown: unknown) => boolean {
  const seen = new Set<string>();
  let sent = 0;
  let reporting = false;
  return (source, thrown) => {
    // An error raised while reporting (a broken fetch polyfill, say) must not start another report.
    if (reporting || sent >= maxReports) return false;
    reporting = true;
    try {
      const described = describeThrown(thrown);
      const message = described.message.trim();
      if (!message || message === OPAQUE_MESSAGE || seen.has(message)) return false;
      seen.add(message);
      sent += 1;
      const body = buildReport(source, described, location());
      send(body).catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      reporting = false;
    }
  };
}

/** The page's reporter, posting to the platform (lib/errors/error-listeners.ts loads it on the first error). */
export function pageErrorReporter(
  target: Window = window,
): (source: ClientErrorSource, thrown: unknown) => boolean {
  return createErrorReporter({
    location: () => target.location,
    send: (body) =>
      // A plain fetch to the route's path: the typed client would bring zod to every page.
      target.fetch(CLIENT_ERRORS_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        // Errors just before leaving the page still arrive.
        keepalive: true,
      }),
  });
}
