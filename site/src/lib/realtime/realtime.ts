import { RealtimeConnection, type SocketLike } from './realtime-connection';
import { socketUrl } from './reconnect-policy';

export { INITIAL_REALTIME_STATE, type RealtimeState, type RealtimeStatus } from './realtime-connection';

/** The browser's WebSocket behind the small interface the connection uses. */
function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
  };
  ws.onopen = () => socket.onopen?.();
  ws.onclose = () => socket.onclose?.();
  ws.onerror = () => socket.onerror?.();
  ws.onmessage = (event: MessageEvent) => socket.onmessage?.({ data: event.data });
  return socket;
}

let shared: RealtimeConnection | null = null;

/**
 * The page's one `/ws` connection (browser only), created on first use. Coming back to the tab or
 * back online starts the reconnect budget again (spec §4).
 */
export function sharedRealtime(): RealtimeConnection {
  if (shared) return shared;
  const connection = new RealtimeConnection({
    url: socketUrl(window.location),
    createSocket: browserSocket,
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connection.resume();
  });
  window.addEventListener('online', () => connection.resume());
  shared = connection;
  return connection;
}
