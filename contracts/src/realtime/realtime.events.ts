import { z } from 'zod';
import { SITE_TYPES } from '../site/site-types.js';
import { ChapterUploadSchema } from '../ingest/ingest.schemas.js';

/** Messages on the `/ws` socket: `{ event, data }` JSON frames in both directions. */
export const REALTIME_EVENTS = {
  connection: 'connection',
  heartbeat: 'heartbeat',
  ping: 'ping',
  pong: 'pong',
  ingestProgress: 'ingest.progress',
} as const;

/** Sent once, right after the socket opens. */
export const ConnectionEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.connection),
  data: z.object({
    subdomain: z.enum(SITE_TYPES).nullable(),
    authenticated: z.boolean(),
    userId: z.number().int().nullable(),
  }),
});
export type ConnectionEvent = z.infer<typeof ConnectionEventSchema>;

/** Broadcast every 30 s; activeConnections counts sockets across every platform process. */
export const HeartbeatEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.heartbeat),
  data: z.object({ timestamp: z.number().int(), activeConnections: z.number().int().nonnegative() }),
});
export type HeartbeatEvent = z.infer<typeof HeartbeatEventSchema>;

/** Client → server. */
export const PingEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.ping),
  data: z.unknown().optional(),
});

/** Server → client, in answer to ping. */
export const PongEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.pong),
  data: z.object({ timestamp: z.number().int() }),
});
export type PongEvent = z.infer<typeof PongEventSchema>;

/**
 * Sent only to the uploader's sockets whenever an upload changes state or finishes a page: the same
 * status GET /api/manga/chapters/uploads/:id answers.
 */
export const IngestProgressEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.ingestProgress),
  data: ChapterUploadSchema,
});
export type IngestProgressEvent = z.infer<typeof IngestProgressEventSchema>;

export const ServerEventSchema = z.discriminatedUnion('event', [
  ConnectionEventSchema,
  HeartbeatEventSchema,
  PongEventSchema,
  IngestProgressEventSchema,
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;

export const HEARTBEAT_INTERVAL_MS = 30_000;
