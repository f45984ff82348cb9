import { Inject, Injectable } from '@nestjs/common';
import type { SystemStatsResponse } from '@warraq/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MediaCollector } from '../media/media-collector';
import { MediaObjectRepository } from '../media/media-object.repository';
import { ModerationQueue } from '../series/moderation-queue.service';
import { UsersRepository } from '../users/users.repository';
import { ApiRequestCounter } from './api-request-counter';
import { HealthService } from './health.service';

/** `GET /api/system/stats`: each of the dashboard's figures from its own query or probe. */
@Injectable()
export class StatsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly requests: ApiRequestCounter,
    private readonly ledger: MediaObjectRepository,
    private readonly collector: MediaCollector,
    private readonly moderation: ModerationQueue,
    private readonly health: HealthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async stats(): Promise<SystemStatsResponse> {
    const [services, apiRequests24h, users, media, pending, mediaSweep] = await Promise.all([
      this.health.serviceHealth(),
      this.requests.last24Hours(),
      this.users.count(),
      this.ledger.totals(),
      this.moderation.pendingCounts(),
      this.collector.lastSweep(),
    ]);
    return {
      activeServices: services.filter((s) => s.configured === 'active' && s.status === 'healthy').length,
      totalServices: services.length,
      apiRequests24h,
      registeredUsers: users,
      mediaBytes: media.bytes,
      mediaObjects: media.objects,
      mediaSweep,
      pendingContent: pending.total,
      version: this.config.version,
      generatedAt: new Date().toISOString(),
    };
  }
}
