import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  type ConnectionEvent,
  HEARTBEAT_INTERVAL_MS,
  type HeartbeatEvent,
  isSiteType,
  isStaffRole,
  type PongEvent,
  REALTIME_EVENTS,
  siteTypeFromHost,
  type SiteType,
} from '@warraq/contracts';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { clientAddress, trustedProxyMatcher } from '../../common/http/client-address';
import { isForeignRequest, requestHost } from '../../common/http/request-host';
import { REALTIME_PATH } from '../../common/http/unrouted-requests';
import { IdentityService } from '../auth/identity.service';
import { SessionService } from '../auth/session.service';
import { CONNECTION_COUNT_REFRESH_MS, ConnectionCounterService } from './connection-counter.service';

/** WebSocket close code for a policy violation (a foreign Origin). */
export const WS_POLICY_VIOLATION = 1008;
/** Close code (application range) telling the client its session or role changed: reconnect. */
export const WS_SESSION_CHANGED = 4001;
/** Close code (application range): this session or address already holds its share of sockets. */
export const WS_TOO_MANY_SOCKETS = 4029;
/** Clients only send small control frames (ping); anything larger is closed with 1009 by ws itself. */
export const WS_MAX_FRAME_BYTES = 4096;

@WebSocketGateway({ path: REALTIME_PATH, maxPayload: WS_MAX_FRAME_BYTES })
export class RealtimeGateway
  implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnApplicationShutdown
{
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly clients = new Set<WebSocket>();
  /** Each signed-in user's open sockets (set from the session at connect), for events meant for them. */
  private readonly socketsByUser = new Map<number, Set<WebSocket>>();
  private readonly userBySocket = new Map<WebSocket, number>();
  /** The sockets opened under each session (sha256 of its id), closed when that session ends. */
  private readonly socketsBySession = new Map<string, Set<WebSocket>>();
  private readonly sessionBySocket = new Map<WebSocket, string>();
  /** Sockets of moderators and admins (role read from the session at connect), for queue events. */
  private readonly staffSockets = new Set<WebSocket>();
  /** Open sockets per client address on this process (each socket's address, to count it down). */
  private readonly socketsPerAddress = new Map<string, number>();
  private readonly addressBySocket = new Map<WebSocket, string>();
  private readonly isTrustedProxy: (address: string) => boolean;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly identity: IdentityService,
    private readonly sessions: SessionService,
    private readonly counter: ConnectionCounterService,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.isTrustedProxy = trustedProxyMatcher(config.http.trustedProxies);
  }

  onModuleInit(): void {
    this.heartbeatTimer = setInterval(
      () => void this.broadcastHeartbeat().catch((e) => this.logError(e)),
      HEARTBEAT_INTERVAL_MS,
    );
    this.refreshTimer = setInterval(() => void this.publishCount(), CONNECTION_COUNT_REFRESH_MS);
    this.heartbeatTimer.unref();
    this.refreshTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    clearInterval(this.refreshTimer);
    await this.counter.withdraw().catch(() => undefined);
  }

  async handleConnection(client: WebSocket, request: IncomingMessage): Promise<void> {
    if (isForeignRequest(request.headers, request.socket.remoteAddress, this.config.baseDomain)) {
      client.close(WS_POLICY_VIOLATION, 'foreign origin');
      return;
    }
    const address = clientAddress(
      request.socket.remoteAddress,
      request.headers['x-forwarded-for'],
      this.isTrustedProxy,
    );
    const perAddress = (this.socketsPerAddress.get(address) ?? 0) + 1;
    if (perAddress > this.config.realtime.maxSocketsPerAddress) {
      client.close(WS_TOO_MANY_SOCKETS, 'too many sockets');
      return;
    }
    this.socketsPerAddress.set(address, perAddress);
    this.addressBySocket.set(client, address);
    this.clients.add(client);
    void this.publishCount();
    try {
      const auth = await RequestContext.create(this.em, () =>
        this.identity.resolveSession(request.headers.cookie),
      );
      const ofSession = auth.sessionHash ? (this.socketsBySession.get(auth.sessionHash)?.size ?? 0) : 0;
      if (ofSession >= this.config.realtime.maxSocketsPerSession) {
        client.close(WS_TOO_MANY_SOCKETS, 'too many sockets');
        return;
      }
      // The socket may have closed while its session was looked up: then there is no one to register.
      if (auth.user && auth.sessionHash && this.clients.has(client))
        this.register(client, auth.user.id, auth.sessionHash, isStaffRole(auth.user.role));
      const event: ConnectionEvent = {
        event: REALTIME_EVENTS.connection,
        data: {
          subdomain: this.subdomainOf(request),
          authenticated: auth.user !== null,
          userId: auth.user?.id ?? null,
        },
      };
      this.send(client, event);
    } catch (error) {
      this.logError(error);
      client.close(1011, 'internal error');
    }
  }

  handleDisconnect(client: WebSocket): void {
    this.unregister(client);
    const address = this.addressBySocket.get(client);
    if (address !== undefined) {
      this.addressBySocket.delete(client);
      const left = (this.socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) this.socketsPerAddress.set(address, left);
      else this.socketsPerAddress.delete(address);
    }
    if (this.clients.delete(client)) void this.publishCount();
  }

  /** Sends to every socket of one user on this process; returns how many got it. */
  /** Whether this process holds a socket of the user. */
  hasUser(userId: number): boolean {
    return this.socketsByUser.has(userId);
  }

  sendToUser(userId: number, message: unknown): number {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return 0;
    for (const socket of sockets) this.send(socket, message);
    return sockets.size;
  }

  /** Sends to every moderator's and admin's socket on this process; returns how many got it. */
  sendToStaff(message: unknown): number {
    for (const socket of this.staffSockets) this.send(socket, message);
    return this.staffSockets.size;
  }

  /**
   * Closes every socket of one user on this process (their role changed, or they signed out): a
   * socket keeps the role it opened with, so it must reopen to be judged again.
   */
  closeUser(userId: number): number {
    const sockets = [...(this.socketsByUser.get(userId) ?? [])];
    for (const socket of sockets) {
      this.unregister(socket);
      socket.close(WS_SESSION_CHANGED, 'session changed');
    }
    return sockets.length;
  }

  /** Closes the sockets opened under these sessions on this process; returns how many. */
  closeSessions(sessionHashes: string[]): number {
    let count = 0;
    for (const hash of sessionHashes) {
      for (const socket of [...(this.socketsBySession.get(hash) ?? [])]) {
        this.unregister(socket);
        socket.close(WS_SESSION_CHANGED, 'session ended');
        count += 1;
      }
    }
    return count;
  }

  /**
   * Closes the sockets whose session expired (idle or absolute) since they opened: an expiry deletes
   * no one's key loudly, so the sessions held here are checked with every heartbeat.
   */
  async closeExpiredSessions(): Promise<number> {
    const held = [...this.socketsBySession.keys()];
    const live = await this.sessions.liveHashes(held);
    return this.closeSessions(held.filter((hash) => !live.has(hash)));
  }

  private register(client: WebSocket, userId: number, sessionHash: string, staff: boolean): void {
    this.userBySocket.set(client, userId);
    this.sessionBySocket.set(client, sessionHash);
    let ofSession = this.socketsBySession.get(sessionHash);
    if (!ofSession) {
      ofSession = new Set();
      this.socketsBySession.set(sessionHash, ofSession);
    }
    ofSession.add(client);
    if (staff) this.staffSockets.add(client);
    let sockets = this.socketsByUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.socketsByUser.set(userId, sockets);
    }
    sockets.add(client);
  }

  private unregister(client: WebSocket): void {
    this.staffSockets.delete(client);
    const sessionHash = this.sessionBySocket.get(client);
    if (sessionHash !== undefined) {
      this.sessionBySocket.delete(client);
      const ofSession = this.socketsBySession.get(sessionHash);
      ofSession?.delete(client);
      if (ofSession?.size === 0) this.socketsBySession.delete(sessionHash);
    }
    const userId = this.userBySocket.get(client);
    if (userId === undefined) return;
    this.userBySocket.delete(client);
    const sockets = this.socketsByUser.get(userId);
    sockets?.delete(client);
    if (sockets?.size === 0) this.socketsByUser.delete(userId);
  }

  @SubscribeMessage(REALTIME_EVENTS.ping)
  handlePing(): PongEvent {
    return { event: REALTIME_EVENTS.pong, data: { timestamp: Date.now() } };
  }

  /** Sent every 30 s; also callable directly (tests). */
  async broadcastHeartbeat(): Promise<HeartbeatEvent> {
    await this.closeExpiredSessions().catch((e: unknown) => this.logError(e));
    await this.publishCount();
    const event: HeartbeatEvent = {
      event: REALTIME_EVENTS.heartbeat,
      data: { timestamp: Date.now(), activeConnections: await this.counter.total() },
    };
    for (const client of this.clients) this.send(client, event);
    return event;
  }

  private subdomainOf(request: IncomingMessage): SiteType | null {
    const query = new URL(request.url ?? '/', 'http://ws.invalid').searchParams
      .get('subdomain')
      ?.trim()
      .toLowerCase();
    if (isSiteType(query)) return query;
    return siteTypeFromHost(
      requestHost(request.headers, request.socket.remoteAddress),
      this.config.baseDomain,
    );
  }

  private async publishCount(): Promise<void> {
    await this.counter.publish(this.clients.size).catch((e: unknown) => this.logError(e));
  }

  private send(client: WebSocket, message: unknown): void {
    if (client.readyState === client.OPEN) client.send(JSON.stringify(message));
  }

  private logError(error: unknown): void {
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
