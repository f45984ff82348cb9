import { map, type MapStore } from 'nanostores';
import { REALTIME_EVENTS, ServerEventSchema, type ServerEvent, type SiteType } from '@warraq/contracts';
import { RECONNECT_POLICY, reconnectDelay, type ReconnectPolicy } from './reconnect-policy';

/** Spec §4 connection status. */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected';

/** What the page knows about its socket: the status, and what the server said on it. */
export interface RealtimeState {
  status: RealtimeStatus;
  /** Reconnect attempts since the socket was last open; none are made past the policy's maximum. */
  attempts: number;
  subdomain: SiteType | null;
  authenticated: boolean;
  userId: number | null;
  activeConnections: number | null;
  lastHeartbeat: number | null;
}

/** The part of the browser's WebSocket this client uses (a fake one in unit tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: (() => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  onmessage: ((message: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeConnectionOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  policy?: ReconnectPolicy;
}

type EventName = ServerEvent['event'];
type EventData<E extends EventName> = Extract<ServerEvent, { event: E }>['data'];
type Listener = (event: ServerEvent) => void;

const SOCKET_OPEN = 1;
const SOCKET_CLOSED = 3;

/** A connection's state before it starts (and a server render's, where there is no socket). */
export const INITIAL_REALTIME_STATE: Readonly<RealtimeState> = {
  status: 'disconnected',
  attempts: 0,
  subdomain: null,
  authenticated: false,
  userId: null,
  activeConnections: null,
  lastHeartbeat: null,
};

/**
 * One `/ws` socket shared by the islands of a page: JSON `{event, data}` frames checked against the
 * contracts' ServerEventSchema, a ping every 30 s, and reconnects with the spec's backoff.
 */
export class RealtimeConnection {
  readonly $state: MapStore<RealtimeState> = map({ ...INITIAL_REALTIME_STATE });
  private readonly policy: ReconnectPolicy;
  private readonly listeners = new Set<Listener>();
  private socket: SocketLike | null = null;
  private wanted = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: RealtimeConnectionOptions) {
    this.policy = options.policy ?? RECONNECT_POLICY;
  }

  /** Opens the socket (if not open) and keeps it open until {@link stop}. */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.checkTimer = setInterval(() => this.check(), this.policy.checkIntervalMs);
    this.open();
  }

  stop(): void {
    this.wanted = false;
    this.clearTimer('retry');
    this.clearTimer('ping');
    this.clearTimer('check');
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'done');
    this.$state.set({ ...this.$state.get(), status: 'disconnected', attempts: 0 });
  }

  /** A manual reconnect: the attempt budget starts again and a closed socket opens now. */
  reconnect(): void {
    if (!this.wanted) return;
    this.clearTimer('retry');
    this.$state.setKey('attempts', 0);
    if (!this.socket) this.open();
  }

  /** The tab became visible again (or the network came back): same as a manual reconnect. */
  resume(): void {
    this.reconnect();
  }

  /** Every valid server event; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One kind of server event, with its data typed. */
  on<E extends EventName>(name: E, listener: (data: EventData<E>) => void): () => void {
    return this.subscribe((event) => {
      if (event.event === name) listener(event.data as EventData<E>);
    });
  }

  get isOpen(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  private open(): void {
    this.$state.setKey('status', 'connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.$state.setKey('status', 'disconnected');
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.$state.set({ ...this.$state.get(), status: 'connected', attempts: 0 });
      this.clearTimer('ping');
      this.pingTimer = setInterval(() => this.ping(), this.policy.pingIntervalMs);
    };
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    socket.onclose = () => this.closed(socket);
    // An error is always followed by a close, which is where the reconnect is decided.
    socket.onerror = () => undefined;
  }

  private closed(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimer('ping');
    this.$state.setKey('status', 'disconnected');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (!this.wanted || this.retryTimer !== null) return;
    const attempt = this.$state.get().attempts + 1;
    const delay = reconnectDelay(attempt, this.policy);
    if (delay === null) return;
    this.$state.setKey('attempts', attempt);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.socket) this.open();
    }, delay);
  }

  /** The periodic check: a socket that died without a close event, or a close that left no retry. */
  private check(): void {
    if (this.socket && this.socket.readyState === SOCKET_CLOSED) this.closed(this.socket);
    else if (!this.socket) this.scheduleRetry();
  }

  private ping(): void {
    if (this.socket?.readyState === SOCKET_OPEN) {
      this.socket.send(JSON.stringify({ event: REALTIME_EVENTS.ping }));
    }
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = ServerEventSchema.safeParse(json);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.event === REALTIME_EVENTS.connection) {
      this.$state.set({
        ...this.$state.get(),
        subdomain: event.data.subdomain,
        authenticated: event.data.authenticated,
        userId: event.data.userId,
      });
    } else if (event.event === REALTIME_EVENTS.heartbeat) {
      this.$state.set({
        ...this.$state.get(),
        activeConnections: event.data.activeConnections,
        lastHeartbeat: event.data.timestamp,
      });
    }
    for (const listener of [...this.listeners]) listener(event);
  }

  private clearTimer(which: 'retry' | 'ping' | 'check'): void {
    if (which === 'retry' && this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (which === 'ping' && this.pingTimer !== null) clearInterval(this.pingTimer);
    if (which === 'check' && this.checkTimer !== null) clearInterval(this.checkTimer);
    if (which === 'retry') this.retryTimer = null;
    if (which === 'ping') this.pingTimer = null;
    if (which === 'check') this.checkTimer = null;
  }
}
