import { Controller, Inject, Req, Res } from '@nestjs/common';
import {
  FEED_ROUTES,
  type FeedFormat,
  type FeedTokenCreatedResponse,
  type FeedTokenStatusResponse,
  type OpdsSeriesListQuery,
  type SeriesType,
} from '@warraq/contracts';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { RouteParams, RouteQuery } from '../../common/http/route-input';
import { requestHost } from '../../common/http/request-host';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { MediaStorage } from '../media/media-storage';
import { sendStoredMedia } from '../media/send-media';
import type { FeedDocument } from './feeds.service';
import { FeedsService } from './feeds.service';

/**
 * Public feeds may sit in shared caches for a few minutes. The catalog is one user's, never shared,
 * and revalidated on every use (a cheap 304 by ETag), so a revoked token stops working at once even
 * for an app that has its pages cached.
 */
const PUBLIC_CACHE = 'public, max-age=300';
const PRIVATE_CACHE = 'private, no-cache';

/**
 * RSS/Atom, the OPDS catalog and the reader-app token. Documents are written raw (not JSON), with an
 * ETag of their bytes so a polling reader app gets 304 until something changes.
 */
@Controller()
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Links in a feed point back at the host the reader app asked (the reading site behind the edge). */
  private origin(req: Request): string {
    return `${this.config.http.publicProtocol}://${requestHost(req.headers, req.socket.remoteAddress)}`;
  }

  @Route(FEED_ROUTES.seriesFeed)
  async seriesFeed(
    @RouteParams() { slug, format }: { slug: string; format: FeedFormat },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    send(req, res, await this.feeds.seriesFeed(this.origin(req), slug, format), PUBLIC_CACHE);
  }

  @Route(FEED_ROUTES.latestFeed)
  async latestFeed(
    @RouteParams() { format }: { format: FeedFormat },
    @RouteQuery() { type }: { type?: SeriesType },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    send(req, res, await this.feeds.latestFeed(this.origin(req), type, format), PUBLIC_CACHE);
  }

  @Route(FEED_ROUTES.updatesFeed)
  async updatesFeed(
    @RouteParams() { token, format }: { token: string; format: FeedFormat },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    send(req, res, await this.feeds.updatesFeed(this.origin(req), token, format), PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.tokenStatus)
  tokenStatus(@CurrentUser() user: AuthUser): Promise<FeedTokenStatusResponse> {
    return this.feeds.tokenStatus(user.id);
  }

  @Route(FEED_ROUTES.createToken)
  createToken(@CurrentUser() user: AuthUser): Promise<FeedTokenCreatedResponse> {
    return this.feeds.createToken(user.id);
  }

  @Route(FEED_ROUTES.revokeToken)
  async revokeToken(@CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.feeds.revokeToken(user.id);
    return { success: true };
  }

  @Route(FEED_ROUTES.opdsRoot)
  async opdsRoot(@RouteParams() { token }: { token: string }, @Req() req: Request, @Res() res: Response) {
    await this.feeds.authenticate(token);
    send(req, res, await this.feeds.opdsRoot(this.origin(req), token), PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.opdsSeriesList)
  async opdsSeriesList(
    @RouteParams() { token }: { token: string },
    @RouteQuery() query: OpdsSeriesListQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.feeds.authenticate(token);
    send(req, res, await this.feeds.opdsSeriesList(this.origin(req), token, query), PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.opdsSearch)
  async opdsSearch(@RouteParams() { token }: { token: string }, @Req() req: Request, @Res() res: Response) {
    await this.feeds.authenticate(token);
    send(req, res, this.feeds.openSearch(this.origin(req), token), PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.opdsSeries)
  async opdsSeries(
    @RouteParams() { token, slug }: { token: string; slug: string },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.feeds.authenticate(token);
    send(req, res, await this.feeds.opdsSeries(this.origin(req), token, slug), PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.opdsChapterHtml)
  async opdsChapterHtml(
    @RouteParams() { token, id }: { token: string; id: number },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.feeds.authenticate(token);
    const doc = await this.feeds.chapterHtml(id);
    // The chapter is text written by users: the page may not run script or load anything but itself.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    send(req, res, doc, PRIVATE_CACHE);
  }

  @Route(FEED_ROUTES.opdsPage)
  async opdsPage(
    @RouteParams() { token, id, pageNumber }: { token: string; id: number; pageNumber: number },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.feeds.authenticate(token);
    await sendStoredMedia(this.storage, await this.feeds.pageImage(id, pageNumber), req, res);
  }
}

/** Writes a document with its validators; 304 when the reader app already has these bytes. */
function send(req: Request, res: Response, doc: FeedDocument, cacheControl: string): void {
  const etag = `"${createHash('sha256').update(doc.body).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (doc.updated.getTime() > 0) res.setHeader('Last-Modified', doc.updated.toUTCString());
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.status(304).end();
    return;
  }
  // Set verbatim and sent as bytes: Express would rewrite an OPDS type's parameters (`kind=…`) and
  // some reader apps compare the type as a string.
  res.status(200).setHeader('Content-Type', doc.contentType);
  res.send(Buffer.from(doc.body, 'utf8'));
}
