import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

const REDIS_SERVER = '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A private Redis for one test file, which the test may stop and start again to play an outage
 * without touching the machine's shared Redis. Memory-only by default (it comes back empty);
 * `persistent` runs it as `npm start` runs the local one (append-only file, infra/scripts/lib/services.mjs)
 * and production should, so what it held survives a restart.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly dir: string | null,
  ) {}

  static async start(options: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const dir = options.persistent ? mkdtempSync(join(tmpdir(), 'warraq-redis-')) : null;
    const redis = new PrivateRedis(await freePort(), dir);
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  /** Starts the server (from its append-only file when persistent, else empty) and waits until it answers. */
  async up(): Promise<void> {
    if (this.child) return;
    const storage = this.dir ? ['--dir', this.dir, '--appendonly', 'yes'] : ['--appendonly', 'no'];
    this.child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...storage],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(this.url, {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
  }

  /**
   * Kills the server outright, as a crash would (SIGKILL: a memory-only server loses everything), or
   * stops it as a service restart does (SIGTERM: a persistent one flushes its append-only file).
   */
  async down(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** Stops the server and removes its files. */
  async destroy(): Promise<void> {
    await this.down();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
