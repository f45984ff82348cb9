import { Controller, Req, Res } from '@nestjs/common';
import { COVER_UPLOAD, type CoverUploadResponse, MEDIA_ROUTES } from '@warraq/contracts';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { ApiError } from '../../common/http/api-error';
import { RouteParams } from '../../common/http/route-input';
import { Route } from '../auth/route.decorator';
import { CoverService } from './cover.service';
import { MEDIA_CACHE_CONTROL, mediaContentType, MediaStorage } from './media-storage';

/** `/media/<key>` (outside the /api prefix): immutable, content-addressed, never sniffed. */
@Controller()
export class MediaController {
  constructor(
    private readonly storage: MediaStorage,
    private readonly covers: CoverService,
  ) {}

  /** POST /api/media/covers: the raw image bytes (image/jpeg, image/png or image/webp) of a cover. */
  @Route(MEDIA_ROUTES.uploadCover)
  uploadCover(@Req() req: Request): Promise<CoverUploadResponse> {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      throw ApiError.validation({ file: [COVER_UPLOAD.invalidType] });
    }
    return this.covers.store(req.body);
  }

  @Route(MEDIA_ROUTES.file)
  async serve(
    @RouteParams() { key }: { key: string },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    // HEAD (Express routes it here) needs the size only: no object body is fetched from the store.
    if (req.method === 'HEAD') {
      const info = await this.storage.stat(key);
      if (!info) throw ApiError.notFound();
      writeMediaHeaders(res, key, info.size);
      res.end();
      return;
    }
    const object = await this.storage.open(key);
    if (!object) throw ApiError.notFound();
    writeMediaHeaders(res, key, object.size);
    // pipeline ends both sides when either fails: a reader who goes away releases the file or the
    // object store's connection, and a store that fails mid-body cuts the answer short (never a
    // complete-looking truncated image).
    pipeline(object.stream, res, () => undefined);
  }
}

function writeMediaHeaders(res: Response, key: string, size: number): void {
  res.status(200);
  res.setHeader('Content-Type', mediaContentType(key));
  res.setHeader('Content-Length', String(size));
  res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('ETag', `"${key.slice(0, 64)}"`);
}
