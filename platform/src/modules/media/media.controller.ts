import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { COVER_UPLOAD, type CoverUploadResponse } from '@warraq/contracts';
import type { Request, Response } from 'express';
import { Authenticated, Public } from '../../common/decorators/access.decorators';
import { ApiError } from '../../common/http/api-error';
import { CoverService } from './cover.service';
import { MediaStorage } from './media-storage';

/** `/media/<key>` (outside the /api prefix): immutable, content-addressed, never sniffed. */
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: MediaStorage,
    private readonly covers: CoverService,
  ) {}

  /** POST /api/media/covers: the raw image bytes (image/jpeg, image/png or image/webp) of a cover. */
  @Post('covers')
  @Authenticated()
  @HttpCode(201)
  uploadCover(@Req() req: Request): Promise<CoverUploadResponse> {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      throw ApiError.validation({ file: [COVER_UPLOAD.invalidType] });
    }
    return this.covers.store(req.body);
  }

  @Get(':key')
  @Public()
  async serve(@Param('key') key: string, @Res() res: Response): Promise<void> {
    const object = await this.storage.open(key);
    if (!object) throw ApiError.notFound();
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('ETag', `"${key.slice(0, 64)}"`);
    object.stream.on('error', () => res.destroy());
    object.stream.pipe(res);
  }
}
