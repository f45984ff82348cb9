import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ChapterUpload } from '@warraq/contracts';
import { RealtimeConnection, type SocketLike } from './realtime-connection';

/** A socket the test opens, closes and talks through by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;

  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection({
    url: 'ws://manga.warraq.localhost/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };
  return { connection, sockets, last };
}

const upload: ChapterUpload = {
  id: '7b0d7c3e-5d0c-4a51-9a0e-0c3d6f1f2a11',
  state: 'processing',
  uploadMethod: 'zip',
  mangaId: 4,
  mangaSlug: 'one-piece',
  chapterNumber: 12,
  language: 'AR',
  files: [{ index: 0, name: 'c12.zip', size: 4000, received: true }],
  processed: 3,
  total: 40,
  chapterId: null,
  chapterPath: null,
  failure: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:01.000Z',
};

describe('realtime connection', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('reconnects after 1, 2, 4, 8 and 16 s, then stops trying', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    expect(connection.$state.get().status).toBe('connected');

    last().drop();
    expect(connection.$state.get().status).toBe('disconnected');
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      const before = sockets.length;
      jest.advanceTimersByTime(delay - 1);
      expect(sockets.length).toBe(before);
      jest.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
      expect(connection.$state.get().status).toBe('connecting');
      last().drop();
    }
    const spent = sockets.length;
    jest.advanceTimersByTime(120_000);
    expect(sockets.length).toBe(spent);
    expect(connection.$state.get()).toMatchObject({ status: 'disconnected', attempts: 5 });
  });

  it('starts the attempts again when the tab is visible again', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().drop();
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      jest.advanceTimersByTime(delay);
      last().drop();
    }
    const spent = sockets.length;
    connection.resume();
    expect(sockets.length).toBe(spent + 1);
    last().drop();
    jest.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(spent + 2);
  });

  it('resets the backoff once a reconnect succeeds', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().drop();
    jest.advanceTimersByTime(1_000);
    last().drop();
    jest.advanceTimersByTime(2_000);
    last().open();
    expect(connection.$state.get()).toMatchObject({ status: 'connected', attempts: 0 });
    last().drop();
    const before = sockets.length;
    jest.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(before + 1);
  });

  it('notices a socket that died without a close event within the 5 s check', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    last().readyState = 3;
    jest.advanceTimersByTime(5_000);
    expect(connection.$state.get().status).toBe('disconnected');
    jest.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(2);
  });

  it('pings every 30 s while open', () => {
    const { connection, last } = setup();
    connection.start();
    last().open();
    jest.advanceTimersByTime(30_000);
    expect(last().sent).toEqual([JSON.stringify({ event: 'ping' })]);
    jest.advanceTimersByTime(30_000);
    expect(last().sent).toHaveLength(2);
  });

  it('hands valid events to listeners and drops frames the contract does not know', () => {
    const { connection, last } = setup();
    const seen: ChapterUpload[] = [];
    connection.on('ingest.progress', (data) => seen.push(data));
    connection.start();
    last().open();
    last().receive('not json');
    last().receive({ event: 'ingest.progress', data: { id: 'x' } });
    last().receive({ event: 'console_log', data: {} });
    last().receive({ event: 'ingest.progress', data: upload });
    expect(seen).toEqual([upload]);
  });

  it('keeps what the server said about the connection and the heartbeat', () => {
    const { connection, last } = setup();
    connection.start();
    last().open();
    last().receive({ event: 'connection', data: { subdomain: 'manga', authenticated: true, userId: 9 } });
    last().receive({ event: 'heartbeat', data: { timestamp: 1700000000000, activeConnections: 12 } });
    expect(connection.$state.get()).toMatchObject({
      subdomain: 'manga',
      authenticated: true,
      userId: 9,
      activeConnections: 12,
      lastHeartbeat: 1700000000000,
    });
  });

  it('makes no reconnect after stop', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    connection.stop();
    last().drop();
    jest.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.$state.get().status).toBe('disconnected');
  });
});
