// Plain constants (no zod), so the client error reporter that every page loads does not ship the
// schema library.

export const SYSTEM_LIMITS = {
  nameMax: 100,
  urlMax: 500,
  domainMax: 253,
  /** Client error reports: bytes of one report body, and reports per address per minute. */
  clientErrorBodyMax: 16 * 1024,
  clientErrorMessageMax: 2000,
  clientErrorStackMax: 8000,
  clientErrorsPerMinute: 10,
  /** A service probe gives up after this long (the service then shows unknown). */
  probeTimeoutMs: 2000,
  /** Answers slower than this make a service degraded. */
  probeSlowMs: 1000,
} as const;

/** What raised a client error report: a thrown error, an unhandled rejection, or a console call. */
export const CLIENT_ERROR_SOURCES = ['error', 'unhandledrejection', 'console'] as const;
export type ClientErrorSource = (typeof CLIENT_ERROR_SOURCES)[number];

/**
 * Where browsers report their errors. The one path kept outside the route table's objects (which
 * `SYSTEM_ROUTES.reportClientError` reads it from): the reporter every page loads ships no zod.
 */
export const CLIENT_ERRORS_PATH = '/api/system/client-errors';
