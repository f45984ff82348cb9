import WebSocket from 'ws';

export interface OpenSocket {
  ws: WebSocket;
  next: () => Promise<unknown>;
}

/** Opens /ws and queues incoming JSON frames; `next()` resolves with the next one. */
export function connect(
  url: string,
  headers: Record<string, string> = {},
  /** The client's own address (any of 127.0.0.0/8). */
  localAddress?: string,
): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, localAddress });
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

/** Resolves with the close code once the socket closes. */
export function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}
