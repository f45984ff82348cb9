import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withAdminConnection } from '../src/database/database-admin';
import { freePort } from './edge-helpers';

/** The newest PostgreSQL server binaries Debian installed (initdb, pg_ctl). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const version = versions.pop();
  if (!version) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql');
  return join(root, version, 'bin');
}

/**
 * initdb and the server refuse to run as root; as root they run as the `postgres` system user,
 * which then has to own the cluster's folder.
 */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * A private PostgreSQL cluster for one test file (its own folder, a free port, trust auth on
 * loopback), which the test may stop and start again to play an outage or a restart without
 * touching the machine's shared server on 5432. Unlike a crash of Redis, its data survives.
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
    private readonly user: { uid: number; gid: number } | null,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'warraq-pg-'));
    const user = runAs();
    if (user) chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
    const pg = new PrivatePostgres(await freePort(), dir, postgresBin(), user);
    pg.exec('initdb', ['-D', pg.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await pg.up();
    return pg;
  }

  /** The server's URL, on the `postgres` maintenance database. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private exec(tool: string, args: string[]): void {
    const result = spawnSync(join(this.bin, tool), args, {
      cwd: this.dir,
      encoding: 'utf8',
      ...(this.user ?? {}),
    });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  }

  /** Starts the server (its socket in the cluster's own folder) and waits until it accepts queries. */
  async up(): Promise<void> {
    if (this.running) return;
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.exec('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'log'), '-o', options, '-w', 'start']);
    this.running = true;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        await withAdminConnection(this.url, (execute) => execute('select 1'));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /**
   * Stops the server the way a restart by an operator or a crash-restart does: `fast` ends every
   * session at once (clients see their connections terminated), `immediate` is a crash.
   */
  async down(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running) return;
    this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    this.running = false;
  }

  /** Stops the server and removes its folder. */
  async destroy(): Promise<void> {
    await this.down('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
