import { z } from 'zod';
import { SITE_TYPES } from '../site/site-types.js';
import { ChapterUploadSchema } from '../ingest/ingest.schemas.js';
import { ContentKindSchema, PendingCountResponseSchema } from '../moderation/moderation.schemas.js';
import { NotificationSchema } from '../notifications/notification.schemas.js';

/** Messages on the `/ws` socket: `{ event, data }` JSON frames in both directions. */
export const REALTIME_EVENTS = {
  connection: 'connection',
  heartbeat: 'heartbeat',
  ping: 'ping',
  pong: 'pong',
  ingestProgress: 'ingest.progress',
  moderationQueue: 'moderation.queue',
  notification: 'notification',
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

/**
 * Sent to every staff socket (moderator, admin, superadmin) when the moderation queue changes: an
 * item was submitted, approved, rejected or deleted. Carries the new pending counts.
 */
export const ModerationQueueEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.moderationQueue),
  data: z.object({
    change: z.enum(['submitted', 'approved', 'rejected', 'deleted']),
    item: z.object({ id: z.number().int(), contentType: ContentKindSchema, title: z.string() }),
    pending: PendingCountResponseSchema,
  }),
});
export type ModerationQueueEvent = z.infer<typeof ModerationQueueEventSchema>;

/** Sent only to the notification's owner when it is stored. */
export const NotificationEventSchema = z.object({
  event: z.literal(REALTIME_EVENTS.notification),
  data: z.object({ notification: NotificationSchema, unread: z.number().int().nonnegative() }),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

export const ServerEventSchema = z.discriminatedUnion('event', [
  ConnectionEventSchema,
  HeartbeatEventSchema,
  PongEventSchema,
  IngestProgressEventSchema,
  ModerationQueueEventSchema,
  NotificationEventSchema,
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;

export const HEARTBEAT_INTERVAL_MS = 30_000;
