/** The local edge (nginx with infra/nginx's routing) in front of a test's platform, and ways to call it. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
export const EDGE_BASE_DOMAIN = 'warraq.localhost';
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface EdgeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Edge {
  port: number;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/**
 * The local edge exactly as `npm start` writes it (infra/scripts/lib/edge.mjs, which includes
 * infra/nginx/routes.conf and cdn.conf), run by nginx in front of the given platform and site ports.
 * `dataDir` must be readable by nginx's unprivileged workers (chmod 755).
 */
export async function startEdge(dataDir: string, platformPorts: number[], sitePort: number): Promise<Edge> {
  const port = await freePort();
  const config = { dataDir, edgePort: port, platformPorts, sitePort, baseDomain: EDGE_BASE_DOMAIN };
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
      edgeRequest(port, 'GET', `cdn.${EDGE_BASE_DOMAIN}`, '/').then(
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

/** One request written as is (what Node's client refuses to send), read until the edge closes. */
export function rawRequest(port: number, request: string): Promise<{ head: string; body: string }> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      done({ head: text.slice(0, split + 2), body: text.slice(split + 4) });
    });
  });
}

export interface SendOptions {
  method: 'POST' | 'PUT';
  host: string;
  path: string;
  headers?: Record<string, string>;
  /** How many bytes to send, generated on the fly (never held whole), starting with `head`. */
  size: number;
  head?: Buffer;
  /** Streaming (chunked, no length known up front) or fixed-length (Content-Length). */
  mode: 'chunked' | 'fixed';
  /** Content-Length to claim in fixed mode, when it should differ from `size`. */
  declaredLength?: number;
}

const CHUNK = 256 * 1024;

/**
 * Sends a body the way a browser or a script would, and reads the answer even when it comes before
 * the body is finished (a refusal): writing stops then, as a browser's does. Rejects only when no
 * answer came at all (the connection was cut).
 */
export function sendBody(port: number, options: SendOptions): Promise<EdgeAnswer> {
  const { method, host, path, size, mode, head = Buffer.alloc(0) } = options;
  const headers: Record<string, string> = { ...options.headers, host };
  if (mode === 'fixed') headers['content-length'] = String(options.declaredLength ?? size);
  else headers['transfer-encoding'] = 'chunked';
  return new Promise((done, fail) => {
    let answered = false;
    // A connection of its own: after a refusal the edge may close it, and a pooled one would be reused.
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        req.destroy();
      });
      res.on('error', fail);
    });
    req.on('error', (error) => {
      if (!answered) fail(new Error(`${error.message} after ${sent} bytes sent`, { cause: error }));
    });
    const filler = Buffer.alloc(CHUNK, 0x41);
    let sent = 0;
    const pump = () => {
      while (!answered && sent < size) {
        const fromHead = sent < head.length ? head.subarray(sent, Math.min(head.length, sent + CHUNK)) : null;
        const piece = fromHead ?? filler.subarray(0, Math.min(CHUNK, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

export function jsonOf(answer: EdgeAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  } catch {
    return answer.body.toString('utf8').slice(0, 300);
  }
}

export interface SiteProcess {
  port: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

const SITE_ENTRY = join(ROOT, 'site/dist/server/entry.mjs');

/**
 * The built site (`site/dist`, as `npm start` runs it) as its own process, rendering from the given
 * platform; guests' pages then come through the edge exactly as in production. `port` starts it again
 * where a stopped one was.
 */
export async function startSite(platformUrl: string, port?: number): Promise<SiteProcess> {
  if (!existsSync(SITE_ENTRY)) throw new Error('site/dist is missing: run `npm run build -w site`');
  port ??= await freePort();
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), [SITE_ENTRY], {
    cwd: join(ROOT, 'site'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      WARRAQ_ENV: 'test',
      WARRAQ_BASE_DOMAIN: EDGE_BASE_DOMAIN,
      WARRAQ_PLATFORM_INTERNAL_URL: platformUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (let i = 0; ; i++) {
    const up = await edgeRequest(port, 'GET', EDGE_BASE_DOMAIN, '/').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 200 || child.exitCode !== null) throw new Error(`the site did not start: ${errors}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
