import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REALTIME_EVENTS } from '@warraq/contracts';
import { z } from 'zod';
import { outageLogger } from '../../common/redis/outage-log';
import { createRedisClient } from '../../common/redis/redis.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BusMessageSchema, realtimeBusChannel } from './realtime-bus';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Relays the realtime bus to the sockets of this process: one user's (notifications, ingest progress
 * from the worker), every staff socket, or closing a user's sockets. Each platform process subscribes on its own connection (a subscribed connection can do nothing
 * else), so a message reaches its sockets whichever process they landed on, and no one else's.
 */
@Injectable()
export class RealtimeRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeRelay.name);
  private subscriber: Redis | undefined;

  constructor(
    private readonly gateway: RealtimeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const busChannel = realtimeBusChannel(this.config.redis.prefix);
    // No retry limit: the subscription waits out a Redis outage and is renewed on reconnect.
    this.subscriber = createRedisClient(this.config.redis.url, {
      connectionName: `warraq-sub:${this.config.instanceId}`,
      maxRetriesPerRequest: null,
      enableAutoPipelining: false,
    });
    this.subscriber.on('error', outageLogger(this.logger, 'realtime subscriber'));
    this.subscriber.on('message', (from: string, payload: string) => {
      if (from === busChannel) this.relayBus(payload);
    });
    this.subscriber.subscribe(busChannel).catch((error: unknown) => {
      this.logger.error(`could not subscribe to the realtime channel: ${String(error)}`);
    });
  }

  onApplicationShutdown(): void {
    // Nothing to flush on a subscriber; a graceful QUIT would wait out a Redis outage.
    this.subscriber?.disconnect();
  }

  private relayBus(payload: string): void {
    let parsed: z.infer<typeof BusMessageSchema>;
    try {
      parsed = BusMessageSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.logger.warn(`ignored a malformed bus message: ${String(error)}`);
      return;
    }
    const { target, event } = parsed;
    if (target.kind === 'close') this.gateway.closeUser(target.userId);
    else if (target.kind === 'close-sessions') this.gateway.closeSessions(target.sessionHashes);
    else if (target.kind === 'staff') this.gateway.sendToStaff(event);
    else if (target.kind === 'notices') {
      for (const [userId, id, unread] of target.entries) {
        if (!this.gateway.hasUser(userId)) continue;
        this.gateway.sendToUser(userId, {
          event: REALTIME_EVENTS.notification,
          data: { notification: { ...target.notification, id }, unread },
        });
      }
    } else this.gateway.sendToUser(target.userId, event);
  }
}
