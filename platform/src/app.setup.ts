import { type INestApplication, RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import { WsAdapter } from '@nestjs/platform-ws';
import { MEDIA_ROUTES } from '@warraq/contracts';
import type { AppConfig } from './config/app-config';
import {
  bodyErrorHandler,
  CHAPTER_FILE_BODY_PATHS,
  parseChapterFileBody,
  IMAGE_BODY_PATHS,
  parseImageBody,
  parseJsonBody,
  requireJsonBody,
} from './common/middleware/json-body.middleware';
import { API_CONTENT_SECURITY_POLICY, API_PREFIX, nestPath } from './common/http/route-input';
import { originCheckMiddleware } from './common/middleware/origin-check.middleware';
import { answerUnparsableRequests, unroutedPathMiddleware } from './common/http/unrouted-requests';
import { PageStateRoute } from './modules/reactions/page-state.route';
import { ApiRequestCounter } from './modules/system/api-request-counter';

/**
 * Routes of the table served by a plain Express handler ahead of Nest's router, for the calls made
 * on nearly every page view (bench/README.md, "Session 20": Nest's pipeline cost such a call more
 * than its own work). No guard runs for them, so each must be a public read, resolving whom the
 * request names itself; its query is parsed with the route's schema and its errors answered as the
 * exception filter answers them.
 */
export const DIRECT_ROUTES = [PageStateRoute] as const;

/** Everything main.ts and the integration tests share about the HTTP server. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  // req.ip is the client from X-Forwarded-For only when the peer is a configured proxy (the edge or
  // the site; loopback by default), else the peer itself: a forged header from anyone else is ignored.
  express.set('trust proxy', config.http.trustedProxies);
  express.disable('x-powered-by');
  app.use((_req: unknown, res: { setHeader: (name: string, value: string) => void }, next: () => void) => {
    res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    next();
  });
  app.use(unroutedPathMiddleware);
  app.use(app.get(ApiRequestCounter).middleware);
  app.use(originCheckMiddleware(config.baseDomain));
  const server = express.getHttpAdapter().getInstance() as Express;
  for (const direct of DIRECT_ROUTES) {
    const { route } = direct;
    // No path parameters either: the handler reads the query alone, and the table writes a
    // parameter as `{id}`, which Express would read as an optional part.
    if (route.access !== 'public' || route.method !== 'get' || route.path.includes('{'))
      throw new Error(
        `${route.path}: only a public GET route without parameters may be served ahead of the guard`,
      );
    server.get(route.path, app.get(direct).handle);
  }
  app.use(IMAGE_BODY_PATHS, parseImageBody);
  app.use(CHAPTER_FILE_BODY_PATHS, parseChapterFileBody);
  app.use(requireJsonBody);
  app.use(parseJsonBody);
  app.use(bodyErrorHandler);
  // Media keys are served at /media/<key> (the edge routes /media/ here), outside the API prefix.
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [{ path: nestPath(MEDIA_ROUTES.file.path), method: RequestMethod.GET }],
  });
  answerUnparsableRequests(app.getHttpServer());
  app.useWebSocketAdapter(new WsAdapter(app));
  app.enableShutdownHooks();
}
