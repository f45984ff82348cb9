import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ComponentHealth,
  type HealthResponse,
  type HealthState,
  type ServiceStatus,
  arabicNumber,
} from '@warraq/contracts';
import { RedisService } from '../../common/redis/redis.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { IngestQueue } from '../ingest/ingest.queue';
import { MediaStorage } from '../media/media-storage';
import { WORKER_HEARTBEAT_TTL_SECONDS } from '../maintenance/worker-heartbeat.service';
import { ConnectionCounterService } from '../realtime/connection-counter.service';
import { HealthRepository } from './health.repository';
import type { ServiceRecord } from './registry.entities';
import { RegistryRepository } from './registry.repository';
import { isProbeAllowed, PROBE_NOT_ALLOWED, probeService, type ProbeResult } from './service-probe';

/** How long the probes of the registered services are reused (many dashboards poll at once). */
export const SERVICE_PROBE_CACHE_SECONDS = 5;
/** A key that is well-formed but never stored: asking the store about it proves the store answers. */
const STORAGE_PROBE_KEY = `${'0'.repeat(64)}.webp`;
const STATE_RANK: Record<HealthState, number> = { healthy: 0, degraded: 1, unknown: 2 };

type ServiceHealth = HealthResponse['services'][number];
interface CachedProbes {
  fingerprint: string;
  results: Record<string, ProbeResult>;
}

export function worstOf(states: HealthState[]): HealthState {
  return states.reduce<HealthState>((worst, s) => (STATE_RANK[s] > STATE_RANK[worst] ? s : worst), 'healthy');
}

async function timed(
  name: string,
  probe: () => Promise<{ status?: HealthState; detail: string | null }>,
): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    const { status = 'healthy', detail } = await probe();
    return { name, status, latencyMs: Math.round(performance.now() - started), detail };
  } catch (error) {
    return {
      name,
      status: 'unknown',
      latencyMs: null,
      detail: String(error instanceof Error ? error.message : error).slice(0, 200),
    };
  }
}

/**
 * `GET /api/system/health`: the platform's own parts probed on every call (each probe is one cheap
 * round trip) and the registered services' URLs probed at most every few seconds.
 */
@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    private readonly db: HealthRepository,
    private readonly registry: RegistryRepository,
    private readonly redis: RedisService,
    private readonly queue: IngestQueue,
    private readonly storage: MediaStorage,
    private readonly connections: ConnectionCounterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Moderators read the states; what went wrong (error texts, addresses, answers) is for admins only
   * (`withDetails`), since it can describe the internal network.
   */
  async health(withDetails: boolean): Promise<HealthResponse> {
    let queue: HealthResponse['queue'] = { waiting: 0, imageCopies: 0, active: 0, failed: 0, delayed: 0 };
    const [components, services, activeConnections] = await Promise.all([
      Promise.all([
        timed('database', async () => {
          await this.db.ping();
          return { detail: 'PostgreSQL' };
        }),
        timed('redis', async () => {
          await this.redis.client.ping();
          return { detail: 'Redis' };
        }),
        timed('queue', async () => {
          queue = await this.queue.counts();
          return {
            detail: `في الانتظار ${arabicNumber(queue.waiting)}، قيد التنفيذ ${arabicNumber(queue.active)}، فاشلة ${arabicNumber(queue.failed)}`,
          };
        }),
        timed('worker', () => this.workerBeat()),
        timed('storage', async () => {
          await this.storage.stat(STORAGE_PROBE_KEY);
          return { detail: null };
        }),
      ]),
      this.serviceHealth().catch((error: unknown) => {
        this.logger.warn(`service probes failed: ${String(error)}`);
        return [] as ServiceHealth[];
      }),
      this.connections.total().catch(() => 0),
    ]);
    const shown = <T extends { detail: string | null }>(item: T): T =>
      withDetails ? item : { ...item, detail: null };
    return {
      status: worstOf(components.map((c) => c.status)),
      checkedAt: new Date().toISOString(),
      components: components.map(shown),
      services: services.map(shown),
      queue,
      realtime: { activeConnections },
    };
  }

  /** Every registered service with its probe; inactive ones are not probed and read unknown. */
  async serviceHealth(): Promise<ServiceHealth[]> {
    const services = await this.registry.services();
    const probes = await this.probes(services);
    return services.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      url: s.url,
      configured: s.status,
      ...(probes[probeId(s)] ?? { status: 'unknown' as const, latencyMs: null, detail: 'معطّلة' }),
    }));
  }

  private async probes(services: ServiceRecord[]): Promise<Record<string, ProbeResult>> {
    const probed = services.filter((s) => isProbed(s.status));
    const fingerprint = probed.map(probeId).join('\n');
    const key = this.redis.key('system', 'service-probes');
    const cached = await this.redis.client.get(key).catch(() => null);
    if (cached) {
      const parsed = JSON.parse(cached) as CachedProbes;
      if (parsed.fingerprint === fingerprint) return parsed.results;
    }
    const results: Record<string, ProbeResult> = {};
    await Promise.all(
      probed.map(async (s) => {
        results[probeId(s)] = isProbeAllowed(s.url, this.config.probeAllowedTargets)
          ? await probeService(s.url)
          : { status: 'unknown', latencyMs: null, detail: PROBE_NOT_ALLOWED };
      }),
    );
    const value: CachedProbes = { fingerprint, results };
    await this.redis.client
      .set(key, JSON.stringify(value), 'EX', SERVICE_PROBE_CACHE_SECONDS)
      .catch(() => undefined);
    return results;
  }

  private async workerBeat(): Promise<{ status: HealthState; detail: string }> {
    const raw = await this.redis.client.get(this.redis.key('worker', 'heartbeat'));
    if (!raw)
      return { status: 'unknown', detail: `لا نبضة منذ ${arabicNumber(WORKER_HEARTBEAT_TTL_SECONDS)} ث` };
    const beat = JSON.parse(raw) as { at: string; instanceId: string };
    const age = Math.max(0, Math.round((Date.now() - Date.parse(beat.at)) / 1000));
    return { status: 'healthy', detail: `آخر نبضة قبل ${arabicNumber(age)} ث` };
  }
}

function isProbed(status: ServiceStatus): boolean {
  return status !== 'inactive';
}

function probeId(s: ServiceRecord): string {
  return `${s.id} ${s.url}`;
}
