import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../filters/api-exception.filter';
import { API_CONTENT_SECURITY_POLICY, API_PREFIX } from './route-input';

/** The realtime gateway's path (realtime.gateway.ts): only a WebSocket upgrade is served there. */
export const REALTIME_PATH = '/ws';

/**
 * A media key's path (`/media/{key}`, MEDIA_ROUTES.file): the one route outside the API prefix. Both
 * tests ignore case, as Express's router does.
 */
const MEDIA_KEY_PATH = /^\/media\/[^/]+$/i;
const API_PATH = new RegExp(`^/${API_PREFIX}(?:/|$)`, 'i');

/**
 * Nest answers a path it does not know in the ErrorResponse shape only under the API prefix (and on
 * the media route's own path); any other path the edge sends here (`/ws` asked without an upgrade,
 * `/media/` with no key) would reach Express's English HTML page. Those leave as the API's errors.
 */
export function unroutedPathMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (API_PATH.test(req.path) || MEDIA_KEY_PATH.test(req.path)) {
    next();
    return;
  }
  if (req.path === REALTIME_PATH) {
    // The upgrade never reaches Express (ws takes it from the server's `upgrade` event).
    res.setHeader('Upgrade', 'websocket');
    res.status(426).json(errorBody(426));
    return;
  }
  res.status(404).json(errorBody(404));
}

/** What Node's parser refuses before any handler, by its error code, and the status each gets. */
const PARSER_REFUSALS: Record<string, number> = {
  HPE_INVALID_METHOD: 501,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * A request Node's parser cannot read (a method it does not know, such as `FOO`, headers past its
 * limit) is answered by Node itself with an empty 400 (or 431, 413, 408): the API's clients get its
 * ErrorResponse instead, with the status Node would have chosen, except a method nobody implements,
 * which is a 501 (RFC 9110, 15.6.2). The connection is closed after it, as Node's own answer does.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // An answer already under way on this connection (a pipelined request after it) cannot be
    // followed by another without corrupting it: Node's own handler then closes the connection too.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = (error.code && PARSER_REFUSALS[error.code]) || 400;
    const body = JSON.stringify(errorBody(status));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Security-Policy: ${API_CONTENT_SECURITY_POLICY}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
