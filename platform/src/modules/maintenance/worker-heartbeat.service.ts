import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisService } from '../../common/redis/redis.service';

export const WORKER_HEARTBEAT_EVERY_MS = 10_000;
export const WORKER_HEARTBEAT_TTL_SECONDS = 30;

/** `${prefix}worker:heartbeat` exists while a worker lives (a health endpoint reads it). */
@Injectable()
export class WorkerHeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), WORKER_HEARTBEAT_EVERY_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async beat(): Promise<void> {
    const value = JSON.stringify({
      instanceId: this.config.instanceId,
      version: this.config.version,
      at: new Date().toISOString(),
    });
    await this.redis.client.set(
      this.redis.key('worker', 'heartbeat'),
      value,
      'EX',
      WORKER_HEARTBEAT_TTL_SECONDS,
    );
  }
}
