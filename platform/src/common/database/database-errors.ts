/**
 * SQLSTATEs that mean "the server is not taking queries right now": class 08 (connection
 * exceptions), a shutdown or crash ending the session (57P01, 57P02), a server still starting or
 * stopping (57P03), and no connection slot free (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** What node-postgres says when the server vanished under a query or could not be reached in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Duck-typed, not `instanceof Error`: socket errors are made by Node's own realm, which is not the
 * one the caller's `Error` belongs to under a test runner's VM.
 */
const errorLike = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null;

function unavailable(error: ErrorLike): boolean {
  const code = error.code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  if (error.name === 'ConnectionException') return true;
  if (Array.isArray(error.errors) && error.errors.some((e) => errorLike(e) && unavailable(e))) return true;
  const message = error.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * Whether an error means "PostgreSQL is unavailable right now" (restarting, unreachable), as opposed
 * to a bug or a bad query. The API answers 503 then and the pool reconnects on a later request; the
 * ORM's wrappers keep the driver's code, and the original error may also sit in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; errorLike(e) && depth < 5; e = e.cause, depth++) {
    if (unavailable(e)) return true;
  }
  return false;
}
