import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisService } from '../../common/redis/redis.service';
import { RealtimeBus } from '../realtime/realtime-bus';
import { newSecretToken, SECRET_TOKEN_PATTERN, sha256Hex } from './secret-token';

export interface SessionRecord {
  userId: number;
  createdAt: number;
  lastSeenAt: number;
}

export interface ResolvedSession extends SessionRecord {
  hash: string;
}

/** Refresh the idle expiry at most this often, so reading pages does not write Redis on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server sessions in Redis. The cookie holds a random id; Redis holds only its sha256, so a leaked
 * dump of Redis does not hand out live cookies. Idle expiry is the key's TTL, capped by the absolute
 * lifetime; a per-user set of session hashes lets a password change end the other sessions.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly redis: RedisService,
    private readonly bus: RealtimeBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(userId: number): Promise<{ id: string; hash: string }> {
    const id = newSecretToken();
    const hash = sha256Hex(id);
    const now = Date.now();
    const record: SessionRecord = { userId, createdAt: now, lastSeenAt: now };
    const { idleSeconds, absoluteSeconds } = this.config.session;
    await this.redis.client
      .multi()
      .set(this.sessionKey(hash), JSON.stringify(record), 'EX', idleSeconds)
      .sadd(this.userKey(userId), hash)
      .expire(this.userKey(userId), absoluteSeconds)
      .exec();
    return { id, hash };
  }

  /** The live session a cookie value names, or null. Extends the idle expiry (at most once a minute). */
  async resolve(id: string | undefined): Promise<ResolvedSession | null> {
    if (!id || !SECRET_TOKEN_PATTERN.test(id)) return null;
    const hash = sha256Hex(id);
    const raw = await this.redis.client.get(this.sessionKey(hash));
    if (!raw) return null;
    const record = parseRecord(raw);
    const now = Date.now();
    const absoluteEnd = record ? record.createdAt + this.config.session.absoluteSeconds * 1000 : 0;
    if (!record || absoluteEnd <= now) {
      await this.destroy(hash, record?.userId);
      return null;
    }
    if (now - record.lastSeenAt >= TOUCH_INTERVAL_MS) {
      record.lastSeenAt = now;
      const ttl = Math.max(
        1,
        Math.min(this.config.session.idleSeconds, Math.floor((absoluteEnd - now) / 1000)),
      );
      await this.redis.client.set(this.sessionKey(hash), JSON.stringify(record), 'EX', ttl, 'XX');
    }
    return { ...record, hash };
  }

  async destroy(hash: string, userId?: number): Promise<void> {
    const key = this.sessionKey(hash);
    let owner = userId;
    if (owner === undefined) owner = parseRecord((await this.redis.client.get(key)) ?? '')?.userId;
    const tx = this.redis.client.multi().del(key);
    if (owner !== undefined) tx.srem(this.userKey(owner), hash);
    await tx.exec();
    // A session ends everywhere: the sockets opened under it close too.
    await this.bus.closeSessions([hash]);
  }

  /** Ends every session of the user except `keepHash` (the one that asked). */
  async destroyAllForUser(userId: number, keepHash?: string | null): Promise<number> {
    const hashes = (await this.redis.client.smembers(this.userKey(userId))).filter((h) => h !== keepHash);
    if (hashes.length === 0) return 0;
    await this.redis.client
      .multi()
      .del(...hashes.map((h) => this.sessionKey(h)))
      .srem(this.userKey(userId), ...hashes)
      .exec();
    await this.bus.closeSessions(hashes);
    return hashes.length;
  }

  /** Which of these sessions are still live (not signed out, not past their idle or absolute expiry). */
  async liveHashes(hashes: string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const raws = await this.redis.client.mget(...hashes.map((h) => this.sessionKey(h)));
    const now = Date.now();
    const live = new Set<string>();
    hashes.forEach((hash, i) => {
      const record = parseRecord(raws[i] ?? '');
      if (record && record.createdAt + this.config.session.absoluteSeconds * 1000 > now) live.add(hash);
    });
    return live;
  }

  private sessionKey(hash: string): string {
    return this.redis.key('session', hash);
  }

  private userKey(userId: number): string {
    return this.redis.key('user-sessions', String(userId));
  }
}

function parseRecord(raw: string): SessionRecord | null {
  try {
    const value = JSON.parse(raw) as Partial<SessionRecord>;
    if (
      typeof value.userId !== 'number' ||
      typeof value.createdAt !== 'number' ||
      typeof value.lastSeenAt !== 'number'
    ) {
      return null;
    }
    return value as SessionRecord;
  } catch {
    return null;
  }
}
