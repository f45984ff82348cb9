import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type IngestProgressEvent, IngestProgressEventSchema, REALTIME_EVENTS } from '@warraq/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { outageLogger } from '../../common/redis/outage-log';
import { createRedisClient } from '../../common/redis/redis.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ingestProgressChannel } from '../ingest/ingest-progress.channel';
import { RealtimeGateway } from './realtime.gateway';

const MessageSchema = z.object({
  userId: z.number().int(),
  upload: IngestProgressEventSchema.shape.data,
});

/**
 * Relays the worker's ingest progress to the uploader's sockets on this process. Each platform process
 * subscribes (on its own connection: a subscribed connection can do nothing else), so the uploader
 * gets the events whichever process their socket landed on, and no other user does.
 */
@Injectable()
export class IngestProgressRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(IngestProgressRelay.name);
  private subscriber: Redis | undefined;

  constructor(
    private readonly gateway: RealtimeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const channel = ingestProgressChannel(this.config.redis.prefix);
    // No retry limit: the subscription waits out a Redis outage and is renewed on reconnect.
    this.subscriber = createRedisClient(this.config.redis.url, {
      connectionName: `warraq-sub:${this.config.instanceId}`,
      maxRetriesPerRequest: null,
      enableAutoPipelining: false,
    });
    this.subscriber.on('error', outageLogger(this.logger, 'progress subscriber'));
    this.subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) this.relay(payload);
    });
    this.subscriber.subscribe(channel).catch((error: unknown) => {
      this.logger.error(`could not subscribe to ${channel}: ${String(error)}`);
    });
  }

  onApplicationShutdown(): void {
    // Nothing to flush on a subscriber; a graceful QUIT would wait out a Redis outage.
    this.subscriber?.disconnect();
  }

  private relay(payload: string): void {
    let parsed: z.infer<typeof MessageSchema>;
    try {
      parsed = MessageSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.logger.warn(`ignored a malformed progress message: ${String(error)}`);
      return;
    }
    const event: IngestProgressEvent = { event: REALTIME_EVENTS.ingestProgress, data: parsed.upload };
    this.gateway.sendToUser(parsed.userId, event);
  }
}
