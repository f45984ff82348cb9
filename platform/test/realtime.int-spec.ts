import { ConnectionEventSchema, HeartbeatEventSchema, PongEventSchema } from '@warraq/contracts';
import WebSocket from 'ws';
import { RealtimeGateway } from '../src/modules/realtime/realtime.gateway';
import { signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

interface OpenSocket {
  ws: WebSocket;
  next: () => Promise<unknown>;
}

/** Opens /ws and queues incoming JSON frames; `next()` resolves with the next one. */
function connect(url: string, headers: Record<string, string> = {}): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const queue: unknown[] = [];
    const waiters: ((v: unknown) => void)[] = [];
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as unknown;
      const waiter = waiters.shift();
      if (waiter) waiter(msg);
      else queue.push(msg);
    });
    ws.once('open', () =>
      resolve({
        ws,
        next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))),
      }),
    );
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

describe('/ws', () => {
  let t: TestApp;
  let user: TestUser;
  let wsUrl: string;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.orm);
    wsUrl = `ws://127.0.0.1:${t.port}/ws`;
  });
  afterEach(async () => {
    await Promise.all(
      open.splice(0).map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : (ws.close(), closed(ws)))),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('greets a signed-in browser with its user id and the subdomain of its host', async () => {
    const cookie = await signIn(t, user);
    const s = await connect(wsUrl, {
      Cookie: cookie,
      Host: 'manga.warraq.localhost',
      Origin: 'http://manga.warraq.localhost',
    });
    open.push(s.ws);
    const event = ConnectionEventSchema.parse(await s.next());
    expect(event.data).toEqual({ subdomain: 'manga', authenticated: true, userId: user.id });
  });

  it('greets an anonymous visitor, taking the subdomain from ?subdomain=', async () => {
    const s = await connect(`${wsUrl}?subdomain=novel`);
    open.push(s.ws);
    expect(ConnectionEventSchema.parse(await s.next()).data).toEqual({
      subdomain: 'novel',
      authenticated: false,
      userId: null,
    });
  });

  it('ignores a user_id cookie', async () => {
    const s = await connect(wsUrl, { Cookie: `user_id=${user.id}` });
    open.push(s.ws);
    expect(ConnectionEventSchema.parse(await s.next()).data.authenticated).toBe(false);
  });

  it('answers ping with pong', async () => {
    const s = await connect(wsUrl);
    open.push(s.ws);
    await s.next();
    s.ws.send(JSON.stringify({ event: 'ping' }));
    const pong = PongEventSchema.parse(await s.next());
    expect(Math.abs(pong.data.timestamp - Date.now())).toBeLessThan(5_000);
  });

  it('closes a connection from a foreign Origin with 1008', async () => {
    const ws = new WebSocket(wsUrl, { headers: { Origin: 'https://evil.example' } });
    open.push(ws);
    expect(await closed(ws)).toBe(1008);
  });

  it('counts connections across platform processes in the heartbeat', async () => {
    const sibling = await t.startSibling();
    const a = await connect(wsUrl);
    const b = await connect(`${sibling.baseUrl.replace('http', 'ws')}/ws`);
    open.push(a.ws, b.ws);
    await a.next();
    await b.next();
    const heartbeat = await t.app.get(RealtimeGateway).broadcastHeartbeat();
    expect(heartbeat.data.activeConnections).toBe(2);
    expect(HeartbeatEventSchema.parse(await a.next()).data.activeConnections).toBe(2);
  });
});
