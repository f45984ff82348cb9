import { ConnectionEventSchema, HeartbeatEventSchema, PongEventSchema } from '@warraq/contracts';
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { RealtimeBus } from '../src/modules/realtime/realtime-bus';
import {
  RealtimeGateway,
  WS_SESSION_CHANGED,
  WS_TOO_MANY_SOCKETS,
} from '../src/modules/realtime/realtime.gateway';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';
import { closed, connect } from './ws-helpers';

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

  describe('the bus, across platform processes', () => {
    const queueEvent = {
      event: 'moderation.queue',
      data: {
        change: 'submitted',
        item: { id: 1, contentType: 'chapter', title: 'الفصل 1' },
        pending: { series: 0, chapters: 1, total: 1 },
      },
    } as const;

    it('delivers a staff event to a moderator on another process and not to a reader', async () => {
      const sibling = await t.startSibling();
      const moderator = await newUser(t.orm, { role: 'moderator' });
      const mod = await connect(`${sibling.baseUrl.replace('http', 'ws')}/ws`, {
        Cookie: await signIn(t, moderator),
      });
      const reader = await connect(wsUrl, { Cookie: await signIn(t, user) });
      open.push(mod.ws, reader.ws);
      await mod.next();
      await reader.next();

      await t.app.get(RealtimeBus).toStaff(queueEvent);
      expect(await mod.next()).toEqual(queueEvent);
      // The reader's next frame is the pong to this ping, not the queue event.
      reader.ws.send(JSON.stringify({ event: 'ping' }));
      expect(PongEventSchema.safeParse(await reader.next()).success).toBe(true);
    });

    it('delivers a user event only to that user, and closes their sockets on demand', async () => {
      const other = await newUser(t.orm);
      const mine = await connect(wsUrl, { Cookie: await signIn(t, user) });
      const theirs = await connect(wsUrl, { Cookie: await signIn(t, other) });
      open.push(mine.ws, theirs.ws);
      await mine.next();
      await theirs.next();

      await t.app.get(RealtimeBus).toUser(user.id, queueEvent);
      expect(await mine.next()).toEqual(queueEvent);
      theirs.ws.send(JSON.stringify({ event: 'ping' }));
      expect(PongEventSchema.safeParse(await theirs.next()).success).toBe(true);

      const closing = closed(mine.ws);
      await t.app.get(RealtimeBus).closeUser(user.id);
      expect(await closing).toBe(WS_SESSION_CHANGED);
      expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
    });
  });
  describe('a session that ends closes its sockets, and only its own', () => {
    const notification = { event: 'notification', data: { id: 1 } } as never;

    async function twoSessions(who: TestUser) {
      const first = await signIn(t, who);
      const second = await signIn(t, who);
      const a = await connect(wsUrl, { Cookie: first });
      const b = await connect(wsUrl, { Cookie: second });
      open.push(a.ws, b.ws);
      await a.next();
      await b.next();
      return { first, second, a, b };
    }

    it('on logout: the socket of that session closes and receives nothing more', async () => {
      const who = await newUser(t.orm);
      const { first, a, b } = await twoSessions(who);
      const closing = closed(a.ws);
      const res = await t.api().post('/api/auth/logout').set('Origin', BROWSER_ORIGIN).set('Cookie', first);
      expect(res.status).toBe(200);
      expect(await closing).toBe(WS_SESSION_CHANGED);
      await t.app.get(RealtimeBus).toUser(who.id, notification);
      expect(await b.next()).toEqual(notification);
      expect(b.ws.readyState).toBe(WebSocket.OPEN);
    });

    it("on a password change: the other sessions' sockets close, the caller's stays", async () => {
      const who = await newUser(t.orm);
      const { first, a, b } = await twoSessions(who);
      const closing = closed(b.ws);
      const res = await t
        .api()
        .post('/api/auth/change-password')
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', first)
        .send({ oldPassword: who.password, newPassword: 'Another-Secret-2025!' });
      expect(res.status).toBe(200);
      expect(await closing).toBe(WS_SESSION_CHANGED);
      await t.app.get(RealtimeBus).toUser(who.id, notification);
      expect(await a.next()).toEqual(notification);
    });

    it('on expiry: the heartbeat closes a socket whose session is gone', async () => {
      const who = await newUser(t.orm);
      const { first, a, b } = await twoSessions(who);
      // An idle expiry is Redis dropping the key; nothing is announced.
      const sid = first.split('=')[1]!;
      await t.redis.del(`${t.config.redis.prefix}session:${createHash('sha256').update(sid).digest('hex')}`);
      const closing = closed(a.ws);
      await t.app.get(RealtimeGateway).broadcastHeartbeat();
      expect(await closing).toBe(WS_SESSION_CHANGED);
      expect(b.ws.readyState).toBe(WebSocket.OPEN);
    });
  });
});

describe('/ws limits', () => {
  let t: TestApp;
  let wsUrl: string;
  const open: WebSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { WARRAQ_WS_MAX_PER_ADDRESS: '3', WARRAQ_WS_MAX_PER_SESSION: '2' } });
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

  it('closes a socket that sends a frame over a few KB (1009), anonymous or not', async () => {
    const socket = await connect(wsUrl, {}, '127.5.0.1');
    open.push(socket.ws);
    await socket.next();
    const closing = closed(socket.ws);
    socket.ws.send(JSON.stringify({ event: 'ping', data: 'x'.repeat(16 * 1024) }));
    expect(await closing).toBe(1009);
  });

  it('caps the sockets of one address; another address is unaffected', async () => {
    for (let i = 0; i < 3; i++) {
      const socket = await connect(wsUrl, {}, '127.5.0.2');
      open.push(socket.ws);
      await socket.next();
    }
    const refused = await connect(wsUrl, {}, '127.5.0.2');
    open.push(refused.ws);
    expect(await closed(refused.ws)).toBe(WS_TOO_MANY_SOCKETS);
    const other = await connect(wsUrl, {}, '127.5.0.3');
    open.push(other.ws);
    expect(ConnectionEventSchema.safeParse(await other.next()).success).toBe(true);
    // A socket that closes frees its place.
    const first = open[0]!;
    first.close();
    await closed(first);
    const again = await connect(wsUrl, {}, '127.5.0.2');
    open.push(again.ws);
    expect(ConnectionEventSchema.safeParse(await again.next()).success).toBe(true);
  });

  it('caps the sockets of one session, from any address', async () => {
    const cookie = await signIn(t, await newUser(t.orm));
    for (const from of ['127.5.1.1', '127.5.1.2']) {
      const socket = await connect(wsUrl, { Cookie: cookie }, from);
      open.push(socket.ws);
      await socket.next();
    }
    const refused = await connect(wsUrl, { Cookie: cookie }, '127.5.1.3');
    open.push(refused.ws);
    expect(await closed(refused.ws)).toBe(WS_TOO_MANY_SOCKETS);
  });

  it("gives an anonymous socket public events only: no one's notifications, no staff queue", async () => {
    const reader = await newUser(t.orm);
    const anonymous = await connect(wsUrl, {}, '127.5.2.1');
    const theirs = await connect(wsUrl, { Cookie: await signIn(t, reader) }, '127.5.2.2');
    open.push(anonymous.ws, theirs.ws);
    await anonymous.next();
    await theirs.next();
    const bus = t.app.get(RealtimeBus);
    await bus.toUser(reader.id, { event: 'notification', data: { id: 7 } } as never);
    await bus.toStaff({ event: 'moderation.queue', data: {} } as never);
    expect(await theirs.next()).toEqual({ event: 'notification', data: { id: 7 } });
    // The next thing the anonymous socket hears is the public heartbeat, not either event above.
    await t.app.get(RealtimeGateway).broadcastHeartbeat();
    expect(HeartbeatEventSchema.safeParse(await anonymous.next()).success).toBe(true);
  });
});
