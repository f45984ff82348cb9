/** Socket-level failures: the server is gone, unreachable or not answering. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What ioredis and BullMQ throw when a command cannot reach Redis. */
const UNAVAILABLE_NAMES = new Set([
  'MaxRetriesPerRequestError',
  'ClusterAllFailedError',
  'ConnectionClosedError',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Command timed out',
  'Reached the max retries per request limit',
];

/**
 * Whether an error means "Redis is unavailable right now" (as opposed to a bug or a bad command).
 * Such a failure is the service being briefly away: the API answers 503 and the client retries.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  return UNAVAILABLE_MESSAGES.some((text) => error.message.startsWith(text));
}
