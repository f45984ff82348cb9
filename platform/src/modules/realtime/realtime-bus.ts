import { Injectable, Logger, Module } from '@nestjs/common';
import { NotificationSchema, type Notification, type ServerEvent } from '@warraq/contracts';
import { z } from 'zod';
import { RedisService } from '../../common/redis/redis.service';

/**
 * Who a bus message is for: one user's sockets, every staff socket, or an order to close a user's
 * sockets or the sockets opened under some sessions (sha256 of their ids).
 */
export const BusTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.number().int() }),
  z.object({ kind: z.literal('staff') }),
  z.object({ kind: z.literal('close'), userId: z.number().int() }),
  z.object({ kind: z.literal('close-sessions'), sessionHashes: z.array(z.string()) }),
  /**
   * One notification sent to many users at once (a new chapter's fan-out): the shared fields once,
   * and per user the id of their own row and their unread count. Each process builds the
   * `notification` event only for the users whose sockets it holds.
   */
  z.object({
    kind: z.literal('notices'),
    notification: NotificationSchema.omit({ id: true }),
    entries: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
  }),
]);
export type BusTarget = z.infer<typeof BusTargetSchema>;

export const BusMessageSchema = z.object({ target: BusTargetSchema, event: z.unknown() });
export type BusMessage = { target: BusTarget; event: ServerEvent | null };

/** The pub/sub channel every platform process relays to its own sockets. */
export function realtimeBusChannel(prefix: string): string {
  return `${prefix}realtime:bus`;
}

/**
 * Sends realtime events to sockets wherever they are connected: the message goes through Redis
 * pub/sub and each platform process's relay delivers it to the matching sockets it holds. Usable from
 * the API and the worker alike. Best effort: a lost event costs a live update, never data (every
 * screen can refetch), so a Redis failure is logged, not thrown.
 */
@Injectable()
export class RealtimeBus {
  private readonly logger = new Logger(RealtimeBus.name);

  constructor(private readonly redis: RedisService) {}

  toUser(userId: number, event: ServerEvent): Promise<void> {
    return this.publish({ target: { kind: 'user', userId }, event });
  }

  /** One shared notification to many users: `entries` are `[userId, notificationId, unread]`. */
  toUsers(notification: Omit<Notification, 'id'>, entries: [number, number, number][]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return this.publish({ target: { kind: 'notices', notification, entries }, event: null });
  }

  toStaff(event: ServerEvent): Promise<void> {
    return this.publish({ target: { kind: 'staff' }, event });
  }

  /** Closes every socket of the user (their role changed or they were signed out); they reconnect afresh. */
  closeUser(userId: number): Promise<void> {
    return this.publish({ target: { kind: 'close', userId }, event: null });
  }

  /** Closes the sockets opened under these sessions (they were signed out, or expired). */
  closeSessions(sessionHashes: string[]): Promise<void> {
    if (sessionHashes.length === 0) return Promise.resolve();
    return this.publish({ target: { kind: 'close-sessions', sessionHashes }, event: null });
  }

  private async publish(message: BusMessage): Promise<void> {
    try {
      await this.redis.client.publish(realtimeBusChannel(this.redis.prefix), JSON.stringify(message));
    } catch (error) {
      this.logger.warn(`realtime message to ${message.target.kind} not published: ${String(error)}`);
    }
  }
}

/** Import where events are sent from; RedisModule is global. */
@Module({ providers: [RealtimeBus], exports: [RealtimeBus] })
export class RealtimeBusModule {}
