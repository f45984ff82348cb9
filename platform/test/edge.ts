/** The local edge (nginx with infra/nginx's routing) in front of a test's platform. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
export const BASE = 'warraq.localhost';
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface EdgeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/**
 * The local edge exactly as `npm start` writes it (infra/scripts/lib/edge.mjs, which includes
 * infra/nginx/routes.conf and cdn.conf), run by nginx in front of this test's platform.
 */
export async function startEdge(
  dataDir: string,
  platformPort: number,
  sitePort: number,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const config = { dataDir, edgePort: port, platformPorts: [platformPort], sitePort, baseDomain: BASE };
  const script = `import(${JSON.stringify(join(ROOT, 'infra/scripts/lib/edge.mjs'))}).then((m) => process.stdout.write(JSON.stringify(m.writeEdgeConfig(${JSON.stringify(config)}))))`;
  const edge = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    file: string;
    prefix: string;
  };
  const nginx: ChildProcess = spawn(NGINX, ['-p', edge.prefix, '-c', edge.file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const spawnFailure = new Promise<never>((_, reject) =>
    nginx.once('error', (error) =>
      reject(new Error(`nginx could not start (${error.message}); npm test installs it`)),
    ),
  );
  for (let i = 0; ; i++) {
    const answered = await Promise.race([
      edgeRequest(port, 'GET', `cdn.${BASE}`, '/').then(
        () => true,
        () => false,
      ),
      spawnFailure,
    ]);
    if (answered) break;
    if (i > 80 || nginx.exitCode !== null) throw new Error(`the edge did not start: ${errors}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    port,
    stop: () =>
      new Promise<void>((done) => {
        if (nginx.exitCode !== null) return done();
        nginx.once('exit', () => done());
        nginx.kill('SIGTERM');
      }),
  };
}

export function edgeRequest(
  port: number,
  method: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  /** The client's own address (any of 127.0.0.0/8), so per-address limits can be told apart. */
  localAddress?: string,
  body?: string,
): Promise<EdgeAnswer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, localAddress, headers: { ...headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
